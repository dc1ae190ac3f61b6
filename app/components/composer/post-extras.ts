import { useEffect, useState } from "react";
import { api } from "~/lib/api";
import { LABEL_COLOURS, type Label } from "../../../workers/labels/public";
import type { PostLinkChoices, WorkspaceLinkChoices } from "../../../workers/links/public";

const DEFAULT_CHOICES: PostLinkChoices = { shorten: true, utmCampaign: null, utmMedium: null };

/**
 * The composer's labels and link choices (ADR 094): the workspace's labels and link settings, and the post's own
 * when it is being edited. Both are sent with the post (ADR 105); an edited post's labels only once they have
 * arrived, so a save before then leaves them as they are instead of taking them all off.
 */
export function usePostExtras(postId: string | undefined) {
  const [labels, setLabels] = useState<Label[]>([]);
  const [chosen, setChosen] = useState<Label[]>([]);
  const [chosenKnown, setChosenKnown] = useState(!postId);
  const [settings, setSettings] = useState<WorkspaceLinkChoices | null>(null);
  const [choices, setChoices] = useState<PostLinkChoices>(DEFAULT_CHOICES);
  useEffect(() => {
    void api<{ labels: Label[] }>("/api/labels").then((r) => r.ok && setLabels(r.data.labels));
    void api<WorkspaceLinkChoices>("/api/links/settings").then((r) => r.ok && setSettings(r.data));
    if (!postId) return;
    void api<{ labels: Label[] }>(`/api/posts/${postId}/labels`).then((r) => {
      if (!r.ok) return;
      setChosen(r.data.labels);
      setChosenKnown(true);
    });
    void api<PostLinkChoices>(`/api/posts/${postId}/link-options`).then(
      (r) =>
        r.ok && setChoices({ shorten: r.data.shorten, utmCampaign: r.data.utmCampaign, utmMedium: r.data.utmMedium }),
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
  /** What the post's write sends of its labels: the whole set, or nothing while an edited post's are unknown. */
  const labelIds = chosenKnown ? chosen.map((l) => l.id) : undefined;
  return { labels, chosen, setChosen, labelIds, settings, choices, setChoices, createLabel };
}
