import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { FormError } from "~/components/ui/FormError";
import { inputClass, labelClass, primaryButton, secondaryButton } from "~/components/ui/styles";
import { ENHANCED, type FormReply, useFormAction } from "~/lib/use-form-action";
import { type BrandData, contrastWithWhite, MIN_CONTRAST } from "../../../workers/branding/public";
import type { Notify } from "./NotificationBanner";

type Brand = typeof BrandData._output;

/**
 * Settings → Workspace → Brand (ADR 085): the colour and logo the workspace's reports, share pages and mails use.
 * Admins change them; the colour is checked for contrast as it is typed, the server checks it again.
 */
export function BrandSection({ brand, canEdit, notify }: { brand: Brand; canEdit: boolean; notify: Notify }) {
  const [color, setColor] = useState(brand.effectiveColor);
  const valid = /^#[0-9a-fA-F]{6}$/.test(color);
  const ratio = valid ? contrastWithWhite(color) : null;
  const save = useFormAction("brand", { announce: notify });
  const remove = useFormAction("brand-logo-remove", { announce: notify });
  // A file needs multipart: the fetcher is told so (a plain post without JavaScript sends the form's encType).
  const upload = useFetcher<FormReply>();
  useEffect(() => {
    if (upload.data) notify(upload.data.ok ? "success" : "error", upload.data.message);
  }, [upload.data, notify]);

  return (
    <section aria-label="Brand" className="max-w-lg space-y-3">
      <h2 className="font-semibold">Brand</h2>
      <p className="text-sm text-slate-600">
        Shown on this workspace's reports, its client review pages and its emails.
      </p>
      <div
        className="flex items-center gap-3 rounded-md p-3 text-white"
        style={{ background: valid ? color : brand.effectiveColor }}
      >
        {brand.logoUrl && <img src={brand.logoUrl} alt="Logo" className="h-10 w-10 rounded bg-white object-contain" />}
        <span className="font-semibold">Report cover preview</span>
      </div>
      <form {...save.form} className="flex flex-wrap items-end gap-2" aria-label="Brand colour">
        <input type="hidden" name="intent" value="brand" />
        <label className={labelClass}>
          Colour
          <input
            name="color"
            value={color}
            onChange={(e) => setColor(e.target.value)}
            disabled={!canEdit}
            className={inputClass}
            aria-describedby="brand-contrast"
          />
        </label>
        <input
          type="color"
          aria-label="Pick a colour"
          value={valid ? color : "#000000"}
          onChange={(e) => setColor(e.target.value)}
          disabled={!canEdit}
        />
        {canEdit && (
          <button type="submit" className={primaryButton} disabled={save.busy}>
            {save.busy ? "Saving..." : "Save colour"}
          </button>
        )}
        <p id="brand-contrast" className="w-full text-xs text-slate-600">
          {ratio === null
            ? "A hex colour like #1d4ed8."
            : `White text on it: ${ratio.toFixed(1)}:1 ${ratio >= MIN_CONTRAST ? "(readable)" : `(needs ${MIN_CONTRAST}:1)`}`}
        </p>
        <FormError message={save.error} />
      </form>
      {canEdit && (
        <form
          method="post"
          encType="multipart/form-data"
          className="flex flex-wrap items-end gap-2"
          aria-label="Brand logo"
          onSubmit={(e) => {
            e.preventDefault();
            const form = new FormData(e.currentTarget);
            form.set(ENHANCED, "1");
            void upload.submit(form, { method: "post", encType: "multipart/form-data" });
          }}
        >
          <input type="hidden" name="intent" value="brand-logo" />
          <label className={labelClass}>
            Logo (PNG or JPEG, up to 512 KB)
            <input type="file" name="logo" accept="image/png,image/jpeg" required className={inputClass} />
          </label>
          <button type="submit" className={secondaryButton} disabled={upload.state !== "idle"}>
            {upload.state !== "idle" ? "Uploading..." : "Upload logo"}
          </button>
        </form>
      )}
      {canEdit && brand.logoUrl && (
        <form {...remove.form}>
          <input type="hidden" name="intent" value="brand-logo-remove" />
          <button type="submit" className={secondaryButton} disabled={remove.busy}>
            Remove logo
          </button>
        </form>
      )}
    </section>
  );
}
