import { Link2 } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { linkButton, secondaryButton } from "~/components/ui/styles";
import { api } from "~/lib/api";
import { formatDateTime } from "~/lib/format";
import { notify } from "~/lib/notify";
import type { loader as appLoader } from "~/routes/app-layout";
import { can } from "../../../workers/workspaces/roles";
import type { ShareLinkService } from "../../../workers/workspaces/share-links";
import { excerpt } from "./post-view";
import type { PostJson } from "./types";

type ShareLink = Awaited<ReturnType<ShareLinkService["list"]>>[number];

/**
 * An approver's sent-back comment and, for approvers, the post's client approval links: share one (the URL
 * is copied) or revoke one. What clients answered through the links is in the Comments tab's discussion.
 */
export function ReviewPanel({ post, timeZone }: { post: PostJson; timeZone: string }) {
  const role = useRouteLoaderData<typeof appLoader>("app")?.workspace.current.role;
  const approver = role !== undefined && can(role, "posts.approve");
  const rejected = post.approval?.status === "rejected" ? post.approval : null;
  return (
    <section aria-label="Review" className="space-y-2">
      {rejected?.comment && (
        <p className="rounded-md border border-amber-200 bg-amber-50 p-2 text-sm">
          Sent back by an approver: {rejected.comment}
        </p>
      )}
      {approver && <ShareLinks post={post} timeZone={timeZone} />}
    </section>
  );
}

function ShareLinks({ post, timeZone }: { post: PostJson; timeZone: string }) {
  const [links, setLinks] = useState<ShareLink[]>([]);
  const [created, setCreated] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(
    () =>
      void api<{ links: ShareLink[] }>(`/api/share-links?postId=${encodeURIComponent(post.id)}`).then(
        (res) => res.ok && setLinks(res.data.links),
      ),
    [post.id],
  );
  useEffect(load, [load]);

  async function share() {
    setBusy(true);
    const res = await api<{ url: string }>("/api/share-links", {
      json: { label: excerpt(post.content, 60) || "Post for review", postIds: [post.id] },
    });
    setBusy(false);
    if (!res.ok) return notify.error(res.message);
    setCreated(res.data.url);
    // The URL is shown once (only its hash is kept), so it is copied and left on screen.
    const copied = await navigator.clipboard?.writeText(res.data.url).then(
      () => true,
      () => false,
    );
    notify.success(copied ? "Approval link copied" : res.message);
    load();
  }

  async function revoke(id: string) {
    const res = await api(`/api/share-links/${encodeURIComponent(id)}`, { method: "DELETE" });
    if (res.ok) notify.success(res.message);
    else notify.error(res.message);
    load();
  }

  return (
    <div className="space-y-2">
      <button type="button" className={secondaryButton} disabled={busy} onClick={() => void share()}>
        <Link2 className="mr-1 inline size-4" aria-hidden />
        Share for approval
      </button>
      {created && (
        <p className="text-sm">
          Send this link to your client:{" "}
          <input
            readOnly
            aria-label="Approval link"
            value={created}
            className="w-full rounded border border-slate-300 px-2 py-1 font-mono text-xs"
            onFocus={(e) => e.currentTarget.select()}
          />
        </p>
      )}
      {links.length > 0 && (
        <ul className="space-y-1 text-xs text-slate-600" aria-label="Approval links">
          {links.map((l) => (
            <li key={l.id} className="flex items-center gap-2">
              <span>
                {l.label} · {l.state === "active" ? `until ${formatDateTime(l.expiresAt, timeZone)}` : l.state}
              </span>
              {l.state === "active" && (
                <button type="button" className={linkButton} onClick={() => void revoke(l.id)}>
                  Revoke
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
