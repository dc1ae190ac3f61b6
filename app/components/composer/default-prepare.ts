import { type Crop, centredCrop, defaultShape, type ImageFacts, shapeLabel } from "../../../workers/media/public";
import type { Platform } from "../../../workers/platform-profile";
import type { Problem } from "../../../workers/posts/index";
import type { MediaJson } from "../posts/types";
import { type ComposerForm, withChannel } from "./composer-form";

/**
 * Sending without opening the crop editor (ADR 100): every image pre-flight asks to prepare for a network is
 * prepared at send with the default crop, the largest frame of the allowed shape nearest the image's own, centred,
 * the frame the editor opens with. So a preparation never holds the send buttons back; the editor only moves it.
 */
export interface DefaultPreparation {
  platform: Platform;
  /** The channels (accounts of the network) that publish this image and get the copy. */
  accountIds: string[];
  item: MediaJson;
  crop: Crop;
}

export const imageFacts = (m: MediaJson): ImageFacts | null =>
  m.fileType === "image" && m.dimensions ? { ...m.dimensions, size: m.size, format: m.format } : null;

/** What the crop editor says sending will do with the image when the user does not prepare it. */
export function defaultCropNote(platform: Platform, facts: ImageFacts): string {
  const crop = centredCrop(facts, defaultShape(platform, facts));
  const whole = crop.width === facts.width && crop.height === facts.height;
  return whole
    ? "If you send without preparing it, the whole image is sent, re-encoded to fit."
    : `If you send without preparing it, it is cropped to ${shapeLabel(defaultShape(platform, facts), facts)} from the centre.`;
}

/**
 * The preparations sending makes, from pre-flight's problems that name an image to prepare. A problem without an
 * account is about the post's own media, which every channel of that network without its own version publishes.
 */
export function defaultPreparations(
  problems: Problem[],
  form: Pick<ComposerForm, "media" | "channels" | "selectedAccounts">,
): DefaultPreparation[] {
  const out: DefaultPreparation[] = [];
  for (const p of problems) {
    const item = p.prepare ? form.media.find((m) => m.id === p.prepare) : undefined;
    const facts = item ? imageFacts(item) : null;
    if (!item || !facts) continue;
    const accountIds = p.accountId
      ? [p.accountId]
      : (form.selectedAccounts[p.platform] ?? []).filter(
          (a) => !form.channels.some((c) => c.platform === p.platform && c.accountId === a),
        );
    const same = out.find((o) => o.platform === p.platform && o.item.id === item.id);
    if (same) same.accountIds = [...new Set([...same.accountIds, ...accountIds])];
    else
      out.push({ platform: p.platform, accountIds, item, crop: centredCrop(facts, defaultShape(p.platform, facts)) });
  }
  return out.filter((o) => o.accountIds.length > 0);
}

/** The form with these channels publishing `copy` where they published the original (as the editor's Prepare does). */
export function withPreparedCopy(
  form: ComposerForm,
  platform: Platform,
  accountIds: string[],
  originalId: string,
  copy: MediaJson,
): ComposerForm {
  return accountIds.reduce(
    (f, accountId) =>
      withChannel(f, platform, accountId, (c) => ({
        ...c,
        media: (c.media ?? f.media.map((m) => m.id)).map((id) => (id === originalId ? copy.id : id)),
      })),
    form,
  );
}
