import { useState } from "react";
import { useSearchParams } from "react-router";
import { loadAuthChecks, loadedAuthChecks, preloadAuthChecks } from "~/components/auth/auth-checks";
import { FormError } from "~/components/ui/FormError";
import { GetFormButton } from "~/components/ui/GetFormButton";
import { PasswordField } from "~/components/ui/PasswordField";
import { primaryButton, secondaryButton } from "~/components/ui/styles";
import { useFormAction } from "~/lib/use-form-action";
import { useHydrated } from "~/lib/use-hydrated";
import type { Notify } from "./NotificationBanner";

const EMPTY = { currentPassword: "", newPassword: "", confirmPassword: "" };
/** The GET form behind Update Password and Cancel without JavaScript: `?password=change` opens the form. */
const OPEN_FORM = "password-open";

/**
 * SPEC §4 Password change: closed → form → verified → updated (closes and clears). Both steps post to the
 * Settings action. Without JavaScript there is no Verify step: the one post carries the current password,
 * which the action checks as the API does.
 */
export function PasswordChange({ notify }: { notify: Notify }) {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const [open, setOpen] = useState(params.get("password") === "change");
  const [fields, setFields] = useState(EMPTY);
  const [verified, setVerified] = useState(false);

  function reset() {
    setOpen(false);
    setFields(EMPTY);
    setVerified(false);
  }

  const verify = useFormAction("verify-password", { announce: notify, onSuccess: () => setVerified(true) });
  const update = useFormAction("password", {
    announce: notify,
    check: async () => {
      if (!verified) return false;
      const checks = loadedAuthChecks() ?? (await loadAuthChecks());
      if (!checks) return false;
      const invalid = checks.firstError(checks.changePasswordFormSchema.safeParse(fields));
      if (invalid) notify("error", invalid);
      return invalid ? false : null;
    },
    onSuccess: reset,
  });

  async function startVerify() {
    const checks = loadedAuthChecks() ?? (await loadAuthChecks());
    if (!checks) return;
    const invalid = checks.firstError(
      checks.verifyPasswordSchema.safeParse({ currentPassword: fields.currentPassword }),
    );
    if (invalid) return notify("error", invalid);
    void verify.submit({ currentPassword: fields.currentPassword });
  }

  // With JavaScript the new fields wait for Verify; a plain post has no such step.
  const locked = hydrated && !verified;
  const openForm = (
    <form id={OPEN_FORM} method="get" hidden>
      <input type="hidden" name="tab" value="profile" />
    </form>
  );

  if (!open || update.done) {
    return (
      <>
        {openForm}
        <GetFormButton
          form={OPEN_FORM}
          name="password"
          value="change"
          className={secondaryButton}
          onClick={() => setOpen(true)}
        >
          Update Password
        </GetFormButton>
      </>
    );
  }

  return (
    <>
      {openForm}
      <form {...update.form} onFocus={preloadAuthChecks} className="max-w-md space-y-4" aria-label="Change password">
        <input type="hidden" name="intent" value="password" />
        <PasswordField
          strict
          label="Current Password"
          name="currentPassword"
          autoComplete="current-password"
          value={fields.currentPassword}
          onChange={(currentPassword) => {
            setFields({ ...fields, currentPassword });
            setVerified(false);
          }}
          trailing={
            hydrated && (
              <button
                type="button"
                className={secondaryButton}
                onClick={startVerify}
                disabled={!fields.currentPassword || verify.busy || verified}
              >
                {verify.busy ? "Verifying..." : verified ? "Verified" : "Verify"}
              </button>
            )
          }
        />
        <PasswordField
          strict
          label="New Password"
          name="newPassword"
          autoComplete="new-password"
          value={fields.newPassword}
          onChange={(newPassword) => setFields({ ...fields, newPassword })}
          disabled={locked}
        />
        <PasswordField
          strict
          label="Confirm New Password"
          name="confirmPassword"
          autoComplete="new-password"
          value={fields.confirmPassword}
          onChange={(confirmPassword) => setFields({ ...fields, confirmPassword })}
          disabled={locked}
        />
        {locked && <p className="text-xs text-slate-500">Verify your current password to choose a new one.</p>}
        <FormError message={update.error} />
        <div className="flex gap-2">
          <button
            type="submit"
            className={primaryButton}
            disabled={hydrated && (!verified || update.busy || !fields.newPassword || !fields.confirmPassword)}
          >
            {update.busy ? "Updating..." : "Update Password"}
          </button>
          <GetFormButton form={OPEN_FORM} className={secondaryButton} onClick={reset}>
            Cancel
          </GetFormButton>
        </div>
      </form>
    </>
  );
}
