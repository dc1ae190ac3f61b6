/** Labels and campaigns (ADR 094): pure rules the API and the UI share. */
import { MAX_LABELS_PER_POST, PostLabelMessages } from "../posts/public";

export const MAX_LABELS = 100;
export { MAX_LABELS_PER_POST };

/** The colours the label picker offers; any `#rrggbb` is accepted. */
export const LABEL_COLOURS = ["#2f855a", "#2b6cb0", "#b7791f", "#c53030", "#6b46c1", "#2c7a7b", "#4a5568"] as const;

export const LabelMessages = {
  name: "A label's name must be 1 to 40 characters",
  color: "A label's colour must be written as #rrggbb",
  taken: (name: string) => `There is already a label called "${name}"`,
  tooMany: `A workspace can have at most ${MAX_LABELS} labels`,
  ...PostLabelMessages,
} as const;

export interface CampaignPostRow {
  labelId: string;
  postId: string;
  status: string;
}
export interface CampaignMetricRow {
  labelId: string;
  impressions: number;
  engagement: number;
}
export interface CampaignClickRow {
  labelId: string;
  clicks: number;
}

/**
 * A campaign report's row per label: its posts (and how many are out), the clicks on their short links in the
 * range, and their current impressions and engagement (likes, comments, shares, saves). A post with two labels
 * counts in both rows; labels with nothing yet still show, with zeros.
 */
export function campaignRows(
  labels: ReadonlyArray<{ id: string; name: string; color: string }>,
  posts: readonly CampaignPostRow[],
  metrics: readonly CampaignMetricRow[],
  clicks: readonly CampaignClickRow[],
) {
  return labels.map((label) => {
    const mine = posts.filter((p) => p.labelId === label.id);
    const metric = metrics.find((m) => m.labelId === label.id);
    return {
      ...label,
      posts: mine.length,
      published: mine.filter((p) => p.status === "published" || p.status === "partially_published").length,
      clicks: Number(clicks.find((c) => c.labelId === label.id)?.clicks ?? 0),
      impressions: Number(metric?.impressions ?? 0),
      engagement: Number(metric?.engagement ?? 0),
    };
  });
}
