import { Link } from "react-router";
import { EmptyState } from "~/components/ui/EmptyState";
import { Inbox } from "~/components/ui/icons";
import { secondaryButton } from "~/components/ui/styles";

/** The page after this one: the same filters from the list's `next` on (an open conversation stays behind). */
function olderHref(search: string, next: string) {
  const params = new URLSearchParams(search);
  params.set("before", String(next));
  params.delete("thread");
  return `?${params}`;
}

/**
 * The end of the inbox list: "Older" while the list's `next` says there is more (a plain link, so it works
 * before the page's script has loaded). A filtered page may stop short of its limit with more behind it (the
 * list reads a bounded stretch per page, ADR 102): an empty one says so rather than "Nothing here".
 */
export function InboxPager({ count, next, search }: { count: number; next: string | null; search: string }) {
  const older = next ? (
    <Link to={olderHref(search, next)} className={secondaryButton} rel="next">
      Older
    </Link>
  ) : null;
  if (count === 0)
    return next ? (
      <EmptyState icon={Inbox} title="None in this stretch">
        <p>No items this far back match these filters; older ones may.</p>
        <p className="mt-3">{older}</p>
      </EmptyState>
    ) : (
      <EmptyState icon={Inbox} title="Nothing here">
        Comments and replies on your published posts arrive here every few minutes.
      </EmptyState>
    );
  return older ? (
    <nav aria-label="Inbox pages" className="mt-4 flex justify-center">
      {older}
    </nav>
  ) : null;
}
