import { useState } from "react";
import { PLATFORM_META } from "~/components/platforms/platform-options";
import { ExternalLink } from "~/components/ui/icons";
import { RefusedNote } from "~/components/ui/RefusedNote";
import { secondaryButton } from "~/components/ui/styles";
import { accountName } from "~/lib/account-name";
import { api } from "~/lib/api";
import { useMay } from "~/lib/may";
import { notify } from "~/lib/notify";
import { usePermalinkHref } from "~/lib/use-permalink";
import { retryText } from "./detail-view";
import { channelLabel } from "./post-view";
import { PRIVATE_TIKTOK_NOTE, privateOnTikTok } from "./private-tiktok";
import { StatusBadge } from "./StatusBadge";
import type { AccountView, PostJson, TargetJson } from "./types";

const UNCONFIRMED_HELP =
  "We could not confirm whether this was published. Check the platform, then mark it as published or retry.";

/**
 * The post's channels with their live status, the permalink once published (for a private TikTok post, why it has
 * none), the error of a failed channel with Retry, for an unconfirmed one 'Mark as published' or 'Retry' (each answer
 * comes back as the updated post), and for a held one what it waits for (reconnect, new media, a new time) and what
 * to do.
 */
export function ChannelList({
  post,
  accounts,
  timeZone,
  onUpdated,
}: {
  post: PostJson;
  accounts: AccountView[];
  timeZone: string;
  onUpdated: (post: PostJson) => void;
}) {
  const href = usePermalinkHref();
  const [busy, setBusy] = useState<string | null>(null);
  // Retry and Mark as published need `posts.publish`: below it they are disabled, with the server's reason (ADR 128).
  const refused = useMay().why("posts.publish");
  const act = async (target: TargetJson, action: "retry" | "confirm") => {
    setBusy(target.id);
    const res = await api<PostJson>(`/api/posts/${post.id}/targets/${target.id}/${action}`, { json: {} });
    setBusy(null);
    if (!res.ok) return void notify.error(res.message);
    notify.success(res.message);
    onUpdated(res.data);
  };

  return (
    <ul className="space-y-2">
      {post.platformPosts.map((t) => {
        const name = PLATFORM_META[t.platform]?.name ?? t.platform;
        const account = accounts.find((a) => a.id === t.accountId);
        return (
          <li key={t.id} aria-label={`${name} channel`} className="rounded-md border border-slate-200 p-2 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{name}</span>
              {account ? <span className="text-slate-500">{accountName(account)}</span> : null}
              <StatusBadge status={t.status} label={channelLabel(t)} />
              {t.permalink ? (
                <a
                  href={href(t.permalink)}
                  target="_blank"
                  rel="noreferrer"
                  className="ml-auto inline-flex items-center gap-1 text-brand-600 hover:underline"
                >
                  View on {name} <ExternalLink className="size-3" aria-hidden />
                </a>
              ) : t.status === "published" && privateOnTikTok(t) ? (
                <span className="ml-auto text-slate-500">{PRIVATE_TIKTOK_NOTE}</span>
              ) : null}
            </div>
            {t.status === "held" ? <p className="mt-2 text-orange-700">{t.error?.message}</p> : null}
            {t.retry ? <p className="mt-1 text-amber-800">{retryText(t.retry, timeZone)}</p> : null}
            {/* Media prepared ahead (ADR 029) that could not be: said before the due time, with time to fix it. */}
            {t.preparation?.message ? <p className="mt-1 text-amber-800">{t.preparation.message}</p> : null}
            {t.status === "failed" || t.status === "unconfirmed" ? (
              <div className="mt-2 space-y-2">
                <p className={t.status === "failed" ? "text-red-600" : "text-slate-600"}>
                  {t.error?.message ?? (t.status === "unconfirmed" ? UNCONFIRMED_HELP : "Publishing failed.")}
                </p>
                <div className="flex flex-wrap gap-2">
                  {t.status === "unconfirmed" ? (
                    <button
                      type="button"
                      className={secondaryButton}
                      disabled={busy === t.id || !!refused}
                      aria-describedby={refused && `${t.id}-refused`}
                      onClick={() => act(t, "confirm")}
                    >
                      Mark as published
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className={secondaryButton}
                    disabled={busy === t.id || !!refused}
                    aria-label={`Retry ${name}`}
                    aria-describedby={refused && `${t.id}-refused`}
                    onClick={() => act(t, "retry")}
                  >
                    Retry
                  </button>
                  <RefusedNote id={`${t.id}-refused`} why={refused} />
                </div>
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
