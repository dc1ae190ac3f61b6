import { z } from "zod";
import { PLATFORMS } from "../platform-profile";
import { hashtagsOf, PIECE_KINDS, PieceMessages } from "./rules";

/** What /api/pieces and Content → Saved pieces accept (the app imports these through public.ts). */
const name = z.string({ error: PieceMessages.name }).trim().min(1, PieceMessages.name).max(60, PieceMessages.name);
const body = z.string({ error: PieceMessages.body }).trim().min(1, PieceMessages.body).max(2000, PieceMessages.body);
const platform = z.preprocess(
  (v) => (v === "" ? null : v),
  z.enum(PLATFORMS, { error: PieceMessages.platform }).nullish(),
);

/** A hashtag group's text is stored as its tags, one space apart; a signature names its channel. */
function normalized<T extends { kind: (typeof PIECE_KINDS)[number]; body: string; platform?: unknown }>(
  piece: T,
  ctx: z.RefinementCtx,
): T {
  if (piece.kind === "hashtags") {
    const tags = hashtagsOf(piece.body);
    if (!tags) ctx.addIssue({ code: "custom", message: PieceMessages.tags, path: ["body"] });
    return { ...piece, body: tags?.join(" ") ?? piece.body, platform: null };
  }
  if (piece.kind === "signature" && !piece.platform)
    ctx.addIssue({ code: "custom", message: PieceMessages.platform, path: ["platform"] });
  return piece.kind === "signature" ? piece : { ...piece, platform: null };
}

export const pieceBody = z
  .object({ kind: z.enum(PIECE_KINDS, { error: PieceMessages.kind }), name, body, platform })
  .transform(normalized);
export type PieceInput = z.output<typeof pieceBody>;

/** A change: name and text (a piece keeps its kind and channel; make another for another channel). */
export const piecePatchBody = z.object({ name: name.optional(), body: body.optional() });
export type PiecePatch = z.output<typeof piecePatchBody>;

export const PieceAnswer = z.object({
  id: z.string(),
  kind: z.enum(PIECE_KINDS),
  name: z.string(),
  body: z.string(),
  platform: z.enum(PLATFORMS).nullable(),
  updatedAt: z.string(),
});
export type Piece = z.output<typeof PieceAnswer>;
export const PieceList = z.object({ pieces: z.array(PieceAnswer) });

export const PieceReplies = {
  added: "Saved: insert it from the composer's Saved pieces menu",
  updated: "Saved piece updated",
  removed: "Saved piece removed",
} as const;
