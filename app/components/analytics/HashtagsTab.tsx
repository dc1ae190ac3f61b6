import { formatCompact } from "~/lib/format";
import { Empty, formatRate, leavesOutNote, Section } from "./parts";
import type { HashtagData } from "./types";

export function HashtagsTab({ data }: { data: HashtagData }) {
  if (!data.hashtags.length) return <Empty>No hashtags in the posts published in this period.</Empty>;
  // Only tags with a rate compete; one posted only where reach is not reported has none.
  const rated = data.hashtags.filter((h) => h.engagementToReach !== null);
  const best = rated.length
    ? rated.reduce((a, b) => ((b.engagementToReach ?? 0) > (a.engagementToReach ?? 0) ? b : a))
    : null;
  const leftOut = [...new Set(data.hashtags.flatMap((h) => h.rateLeavesOut))];
  return (
    <div className="space-y-6">
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-surface shadow-sm">
        <table className="w-full text-sm">
          <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
            <tr>
              {["Hashtag", "Impressions", "Reach", "Posts", "Engagement", "Engagement / reach"].map((h) => (
                <th key={h} scope="col" className="px-3 py-2">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {data.hashtags.map((h) => (
              <tr key={h.tag}>
                <th scope="row" className="px-3 py-2 text-left font-medium">
                  {h.tag}
                </th>
                <td className="px-3 py-2">{formatCompact(h.impressions)}</td>
                <td className="px-3 py-2">{formatCompact(h.reach)}</td>
                <td className="px-3 py-2">{formatCompact(h.posts)}</td>
                <td className="px-3 py-2">{formatCompact(h.engagement)}</td>
                <td className="px-3 py-2">{formatRate(h.engagementToReach)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Section title="Insights">
        {best ? (
          <p className="text-sm">
            {best.tag} earns the most engagement for its reach ({formatRate(best.engagementToReach)} across {best.posts}{" "}
            {best.posts === 1 ? "post" : "posts"}).
          </p>
        ) : (
          <p className="text-sm">
            No engagement per reach to compare: the networks of these posts do not report reach.
          </p>
        )}
        {leftOut.length ? <p className="mt-1 text-xs text-slate-500">{leavesOutNote(leftOut)}</p> : null}
      </Section>
    </div>
  );
}
