import { useEffect, useRef, useState } from "react";
import { useFetcher, useRouteLoaderData } from "react-router";
import { FormError } from "~/components/ui/FormError";
import { Link2 } from "~/components/ui/icons";
import { linkButton, secondaryButton } from "~/components/ui/styles";
import { copyText } from "~/lib/copy-text";
import { formatDateTime } from "~/lib/format";
import { notify } from "~/lib/notify";
import { useFormAction } from "~/lib/use-form-action";
import type { loader as appLoader } from "~/routes/app-layout";
import type { loader as shareLoader } from "~/routes/post-share";
import { can } from "../../../workers/tenancy/roles";
import type { ShareLinkService } from "../../../workers/workspaces/index";
import { excerpt, sharePath } from "./post-view";
import type { PostJson } from "./types";

type ShareLink = Awaited<ReturnType<ShareLinkService["list"]>>[number];

/**
 * An approver's sent-back comment and, for approvers, the post's client approval links (through its share page,
 * /posts/:id/share). What clients answered through the links is in the Comments tab's discussion.
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
      {approver && <ShareLinksLoader post={post} timeZone={timeZone} />}
    </section>
  );
}

/** In the post dialog: the links come from the share page's loader (read again after each of its writes). */
function ShareLinksLoader({ post, timeZone }: { post: Pick<PostJson, "id" | "content">; timeZone: string }) {
  const fetcher = useFetcher<typeof shareLoader>();
  const { load } = fetcher;
  useEffect(() => void load(sharePath(post.id)), [load, post.id]);
  return <ShareLinks post={post} links={fetcher.data?.links ?? []} timeZone={timeZone} />;
}

/** Share one (the URL is copied with JavaScript, and shown either way) or revoke one. */
export function ShareLinks({
  post,
  links,
  timeZone,
}: {
  post: Pick<PostJson, "id" | "content">;
  links: ShareLink[];
  timeZone: string;
}) {
  const [created, setCreated] = useState<string | null>(null);
  const copied = useRef(false);
  const action = sharePath(post.id);
  const share = useFormAction<{ url?: string }>("share-create", {
    action,
    // The URL is shown once (only its hash is kept), so it is copied and left on screen.
    onSuccess: async ({ url }) => {
      if (!url) return;
      setCreated(url);
      copied.current = await copyText(url);
    },
    announce: (kind, message) => notify[kind](kind === "success" && copied.current ? "Approval link copied" : message),
  });
  const revoke = useFormAction("share-revoke", { action });
  const url = created ?? share.done?.url ?? null;
  // A plain post's answer (without JavaScript); with it, a toast.
  const done = share.done ?? revoke.done;

  return (
    <div className="space-y-2">
      <form {...share.form}>
        <input type="hidden" name="intent" value="share-create" />
        <input type="hidden" name="label" value={excerpt(post.content, 60) || "Post for review"} />
        <button type="submit" className={secondaryButton} disabled={share.busy}>
          <Link2 className="mr-1 inline size-4" aria-hidden />
          Share for approval
        </button>
      </form>
      <FormError message={share.error ?? revoke.error} />
      {done && (
        <p role="status" className="text-sm text-green-700">
          {done.message}
        </p>
      )}
      {url && (
        <p className="text-sm">
          Send this link to your client:{" "}
          <input
            readOnly
            aria-label="Approval link"
            value={url}
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
                <form {...revoke.form}>
                  <input type="hidden" name="intent" value="share-revoke" />
                  <input type="hidden" name="linkId" value={l.id} />
                  <button type="submit" className={linkButton} disabled={revoke.busy}>
                    Revoke
                  </button>
                </form>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
