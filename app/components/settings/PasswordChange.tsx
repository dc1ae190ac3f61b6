import { useState } from "react";
import { PasswordField } from "~/components/ui/PasswordField";
import { primaryButton, secondaryButton } from "~/components/ui/styles";
import { api } from "~/lib/api";
import { changePasswordFormSchema, firstError, verifyPasswordSchema } from "../../../workers/auth/schemas";
import type { Notify } from "./NotificationBanner";

const EMPTY = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** SPEC §4 Password change: closed → form → verified → updated (closes and clears). */
export function PasswordChange({ notify }: { notify: Notify }) {
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState(EMPTY);
  const [verified, setVerified] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [saving, setSaving] = useState(false);

  function reset() {
    setOpen(false);
    setFields(EMPTY);
    setVerified(false);
  }

  async function verify() {
    const invalid = firstError(verifyPasswordSchema.safeParse({ currentPassword: fields.currentPassword }));
    if (invalid) return notify("error", invalid);
    setVerifying(true);
    const res = await api("/api/users/verify-password", { json: { currentPassword: fields.currentPassword } });
    setVerifying(false);
    if (!res.ok) return notify("error", res.message || "Failed to verify password");
    setVerified(true);
    notify("success", res.message || "Password verified! You can now set a new password.");
  }

  async function update(e: React.FormEvent) {
    e.preventDefault();
    if (!verified) return;
    const invalid = firstError(changePasswordFormSchema.safeParse(fields));
    if (invalid) return notify("error", invalid);
    setSaving(true);
    const res = await api("/api/users/update-password", {
      method: "PUT",
      json: { currentPassword: fields.currentPassword, newPassword: fields.newPassword },
    });
    setSaving(false);
    if (!res.ok) return notify("error", res.message || "Failed to update password");
    notify("success", res.message || "Password updated successfully");
    reset();
  }

  if (!open) {
    return (
      <button type="button" className={secondaryButton} onClick={() => setOpen(true)}>
        Update Password
      </button>
    );
  }

  return (
    <form onSubmit={update} noValidate className="max-w-md space-y-4">
      <PasswordField
        strict
        label="Current Password"
        autoComplete="current-password"
        value={fields.currentPassword}
        onChange={(currentPassword) => {
          setFields({ ...fields, currentPassword });
          setVerified(false);
        }}
        trailing={
          <button
            type="button"
            className={secondaryButton}
            onClick={verify}
            disabled={!fields.currentPassword || verifying || verified}
          >
            {verifying ? "Verifying..." : verified ? "Verified" : "Verify"}
          </button>
        }
      />
      <PasswordField
        strict
        label="New Password"
        autoComplete="new-password"
        value={fields.newPassword}
        onChange={(newPassword) => setFields({ ...fields, newPassword })}
        disabled={!verified}
      />
      <PasswordField
        strict
        label="Confirm New Password"
        autoComplete="new-password"
        value={fields.confirmPassword}
        onChange={(confirmPassword) => setFields({ ...fields, confirmPassword })}
        disabled={!verified}
      />
      {!verified && <p className="text-xs text-slate-500">Verify your current password to choose a new one.</p>}
      <div className="flex gap-2">
        <button
          type="submit"
          className={primaryButton}
          disabled={!verified || saving || !fields.newPassword || !fields.confirmPassword}
        >
          {saving ? "Updating..." : "Update Password"}
        </button>
        <button type="button" className={secondaryButton} onClick={reset}>
          Cancel
        </button>
      </div>
    </form>
  );
}
