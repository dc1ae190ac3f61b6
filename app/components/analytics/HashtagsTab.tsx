import { formatCompact, formatPercent } from "~/lib/format";
import { Empty, Section } from "./parts";
import type { HashtagData } from "./types";

export function HashtagsTab({ data }: { data: HashtagData }) {
  if (!data.hashtags.length) return <Empty>No hashtags in the posts published in this period.</Empty>;
  const best = data.hashtags.reduce((a, b) => (b.engagementToReach > a.engagementToReach ? b : a));
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
                <td className="px-3 py-2">{formatPercent(h.engagementToReach)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Section title="Insights">
        <p className="text-sm">
          {best.tag} earns the most engagement for its reach ({formatPercent(best.engagementToReach)} across{" "}
          {best.posts} {best.posts === 1 ? "post" : "posts"}).
        </p>
      </Section>
    </div>
  );
}
