import { Link } from "react-router";
import { FormError } from "~/components/ui/FormError";
import { inputClass, labelClass, primaryButton } from "~/components/ui/styles";
import { useFormAction } from "~/lib/use-form-action";
import type { BioService } from "../../../workers/bio/index";
import type { LinkSettingsInput } from "../../../workers/links/index";
import type { Notify } from "./NotificationBanner";

/**
 * Settings → Links: whether links in published posts become short links that count clicks (ADR 067), and the
 * UTM parameters added to where they lead. The form posts to the page's action, so it works without JavaScript;
 * members who may not change workspace settings see it read-only.
 */
export function LinksTab({
  settings,
  bio,
  canEdit,
  origin,
  notify,
}: {
  settings: LinkSettingsInput;
  bio: Awaited<ReturnType<BioService["get"]>>;
  canEdit: boolean;
  origin: string;
  notify: Notify;
}) {
  const save = useFormAction("links", { announce: notify });
  return (
    <div className="max-w-lg space-y-8">
      <div className="space-y-4">
        <p className="text-sm text-slate-600">
          With tracking on, each link in a post is published as a short link on this app ({origin}/l/…), one per
          channel, so you see which network's readers clicked. Clicks by people are counted; link previews, bots and
          browser prefetches are not, and nothing about who clicked is stored. See them in{" "}
          <Link to="/analytics?tab=links" className="text-brand-700 underline">
            Analytics → Link clicks
          </Link>
          .
        </p>
        <form {...save.form} className="space-y-3" aria-label="Link tracking">
          <input type="hidden" name="intent" value="links" />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="enabled" defaultChecked={settings.enabled} disabled={!canEdit} /> Shorten links
            in published posts and count their clicks
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="utm" defaultChecked={settings.utm} disabled={!canEdit} /> Add UTM parameters
            (utm_source is the channel, e.g. twitter)
          </label>
          <label className={labelClass}>
            UTM medium
            <input name="utmMedium" defaultValue={settings.utmMedium} disabled={!canEdit} className={inputClass} />
          </label>
          <label className={labelClass}>
            UTM campaign
            <input name="utmCampaign" defaultValue={settings.utmCampaign} disabled={!canEdit} className={inputClass} />
          </label>
          <FormError message={save.error} />
          {canEdit && (
            <button type="submit" className={primaryButton} disabled={save.busy}>
              {save.busy ? "Saving..." : "Save link tracking"}
            </button>
          )}
        </form>
      </div>
      <BioForm bio={bio} canEdit={canEdit} origin={origin} notify={notify} />
    </div>
  );
}

/**
 * The workspace's public link-in-bio page (ADR 077): its title, its links one a line, and the newest published
 * Instagram posts below them, each leading where its caption points; clicks are counted as short links count.
 */
function BioForm({
  bio,
  canEdit,
  origin,
  notify,
}: {
  bio: Awaited<ReturnType<BioService["get"]>>;
  canEdit: boolean;
  origin: string;
  notify: Notify;
}) {
  const save = useFormAction("bio", { announce: notify });
  const clicksOf = (item: string) => bio.clicks.find((c) => c.item === item)?.clicks ?? 0;
  const page = bio.page;
  return (
    <form {...save.form} className="space-y-3" aria-label="Link in bio">
      <h2 className="font-semibold">Link in bio</h2>
      <p className="text-sm text-slate-600">
        A public page for your profiles: your links, then your latest Instagram posts, each leading where its caption
        points.{" "}
        {page ? (
          <a href={page.path} className="text-brand-700 underline">
            {origin}
            {page.path}
          </a>
        ) : (
          "Choose a handle to publish it."
        )}
      </p>
      <input type="hidden" name="intent" value="bio" />
      <label className={labelClass}>
        Handle ({origin}/bio/…)
        <input name="handle" defaultValue={page?.handle ?? ""} disabled={!canEdit} className={inputClass} />
      </label>
      <label className={labelClass}>
        Title
        <input name="title" defaultValue={page?.title ?? ""} disabled={!canEdit} className={inputClass} />
      </label>
      <label className={labelClass}>
        Links, one a line: Label | https://…
        <textarea
          name="links"
          rows={4}
          defaultValue={page?.links.map((l) => `${l.label} | ${l.url}`).join("\n") ?? ""}
          disabled={!canEdit}
          className={inputClass}
        />
      </label>
      {page && page.links.length > 0 && (
        <ul className="text-sm text-slate-600" aria-label="Clicks in the last 30 days">
          {page.links.map((l) => (
            <li key={l.id}>
              {l.label}: {clicksOf(`link-${l.id}`)} clicks in the last 30 days
            </li>
          ))}
        </ul>
      )}
      <FormError message={save.error} />
      {canEdit && (
        <button type="submit" className={primaryButton} disabled={save.busy}>
          {save.busy ? "Saving..." : "Save bio page"}
        </button>
      )}
    </form>
  );
}
