import { useEffect, useState } from "react";
import { api } from "~/lib/api";
import { LABEL_COLOURS, type Label } from "../../../workers/labels/public";
import type { PostLinkChoices, WorkspaceLinkChoices } from "../../../workers/links/public";

const DEFAULT_CHOICES: PostLinkChoices = { shorten: true, utmCampaign: null, utmMedium: null };

/**
 * The composer's labels and link choices (ADR 094): the workspace's labels and link settings, and the post's own
 * when it is being edited. The link choices are sent with the post (ADR 105); the labels after it, by `saveExtras`.
 */
export function usePostExtras(postId: string | undefined) {
  const [labels, setLabels] = useState<Label[]>([]);
  const [chosen, setChosen] = useState<Label[]>([]);
  const [settings, setSettings] = useState<WorkspaceLinkChoices | null>(null);
  const [choices, setChoices] = useState<PostLinkChoices>(DEFAULT_CHOICES);
  useEffect(() => {
    void api<{ labels: Label[] }>("/api/labels").then((r) => r.ok && setLabels(r.data.labels));
    void api<WorkspaceLinkChoices>("/api/links/settings").then((r) => r.ok && setSettings(r.data));
    if (!postId) return;
    void api<{ labels: Label[] }>(`/api/posts/${postId}/labels`).then((r) => r.ok && setChosen(r.data.labels));
    void api<PostLinkChoices>(`/api/posts/${postId}/link-options`).then(
      (r) => r.ok && setChoices({ shorten: r.data.shorten, utmCampaign: r.data.utmCampaign, utmMedium: null }),
    );
  }, [postId]);
  /** A new label made from the picker, put on the post at once; the refusal's words, or null. */
  const createLabel = async (name: string): Promise<string | null> => {
    const color = LABEL_COLOURS[labels.length % LABEL_COLOURS.length]!;
    const res = await api<Label>("/api/labels", { json: { name, color } });
    if (!res.ok) return res.message;
    setLabels((all) => [...all, res.data]);
    setChosen((now) => [...now, res.data]);
    return null;
  };
  return { labels, chosen, setChosen, settings, choices, setChoices, createLabel };
}

/** Saves the post's labels; the refusal's words, or null. Its link choices went with the post (ADR 105). */
export async function saveExtras(postId: string, extras: { chosen: Label[] }): Promise<string | null> {
  const labels = await api(`/api/posts/${postId}/labels`, {
    method: "PUT",
    json: { labelIds: extras.chosen.map((l) => l.id) },
  });
  return labels.ok ? null : labels.message;
}
