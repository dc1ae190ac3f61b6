import type { LocalPostOptions, PublishRequest } from "./types";

/** The LocalPost resource Postline sends (My Business v4), built from a channel's text, photo and options. Pure. */

type GDate = { year: number; month: number; day: number };
type GTime = { hours: number; minutes: number };

const gDate = (iso: string): GDate => {
  const [year, month, day] = iso.split("-").map(Number);
  return { year: year!, month: month!, day: day! };
};
const gTime = (hhmm: string): GTime => {
  const [hours, minutes] = hhmm.split(":").map(Number);
  return { hours: hours!, minutes: minutes! };
};

export function localPostBody(request: PublishRequest): Record<string, unknown> {
  const options: LocalPostOptions = request.options?.localPost ?? { topicType: "STANDARD" };
  const { topicType, callToAction, event, offer } = options;
  const body: Record<string, unknown> = { topicType, summary: request.text };
  // Alerts are one kind on Google's side today.
  if (topicType === "ALERT") body.alertType = "COVID_19";
  if (callToAction && topicType !== "OFFER")
    body.callToAction =
      callToAction.actionType === "CALL"
        ? { actionType: "CALL" }
        : { actionType: callToAction.actionType, url: callToAction.url };
  if (event && (topicType === "EVENT" || topicType === "OFFER"))
    body.event = {
      title: event.title,
      schedule: {
        startDate: gDate(event.startDate),
        endDate: gDate(event.endDate),
        ...(event.startTime ? { startTime: gTime(event.startTime) } : {}),
        ...(event.endTime ? { endTime: gTime(event.endTime) } : {}),
      },
    };
  if (offer && topicType === "OFFER") body.offer = offer;
  // The photo goes by URL (our signed media link): sourceUrl is the only media field a local post takes.
  const photos = request.media.filter((m) => m.kind === "image");
  if (photos.length) body.media = photos.map((m) => ({ mediaFormat: "PHOTO", sourceUrl: m.url }));
  return body;
}
