import { Link } from "react-router";
import { PLATFORM_META } from "~/components/platforms/platform-options";
import { formatCompact } from "~/lib/format";
import type { LinkService } from "../../../workers/links/index";
import { Empty, Section, StatCard } from "./parts";

type Clicks = Awaited<ReturnType<LinkService["clicks"]>>;

const CLICK_INFO =
  "People who opened a short link of a published post or a link on your link-in-bio page. Link-preview crawlers, bots and browser prefetches are not counted.";

/**
 * Analytics → Link clicks: short links' and the link-in-bio page's clicks in the period (UTC days), in total, per
 * channel (the bio page is a source of its own), per post and per bio item.
 */
export function LinkClicksTab({ data }: { data: Clicks }) {
  if (!data.links.length && !data.bio.items.length)
    return (
      <Empty>
        No short links yet. Turn on link tracking in <Link to="/settings?tab=links">Settings → Links</Link>, and links
        in posts published from then on count their clicks.
      </Empty>
    );
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label="Link clicks" value={formatCompact(data.total)} testId="link-clicks-total" info={CLICK_INFO} />
        <StatCard label="Link in bio" value={formatCompact(data.bio.total)} testId="link-clicks-bio" />
      </div>
      <Section title="Clicks per channel">
        <table className="w-full text-sm">
          <tbody className="divide-y divide-slate-100">
            {data.byChannel.map((c) => (
              <tr key={c.platform}>
                <th scope="row" className="py-2 text-left font-medium">
                  {PLATFORM_META[c.platform]?.name ?? c.platform}
                </th>
                <td className="py-2 text-right">{formatCompact(c.clicks)}</td>
              </tr>
            ))}
            {data.bio.total > 0 && (
              <tr>
                <th scope="row" className="py-2 text-left font-medium">
                  Link in bio
                </th>
                <td className="py-2 text-right">{formatCompact(data.bio.total)}</td>
              </tr>
            )}
          </tbody>
        </table>
      </Section>
      <Section title="Clicks per post">
        <table className="w-full text-sm">
          <tbody className="divide-y divide-slate-100">
            {data.byPost.map((p) => (
              <tr key={p.postId}>
                <th scope="row" className="py-2 text-left font-normal">
                  {p.excerpt || "(no text)"}
                </th>
                <td className="py-2 text-right">{formatCompact(p.clicks)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      {data.bio.items.length > 0 && (
        <Section title="Link in bio">
          <table className="w-full text-sm">
            <tbody className="divide-y divide-slate-100">
              {data.bio.items.map((b) => (
                <tr key={b.item}>
                  <th scope="row" className="py-2 text-left font-normal">
                    {b.postId ? `Post: ${b.label}` : b.label}
                  </th>
                  <td className="py-2 text-right">{formatCompact(b.clicks)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Section>
      )}
    </div>
  );
}
