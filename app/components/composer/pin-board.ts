import type { ChannelOptions } from "../../../workers/posts/index";

/** A Pinterest board as GET /api/accounts/:id/boards lists it. */
export interface PinBoard {
  id: string;
  name: string;
  privacy: string;
  sections: { id: string; name: string }[];
}

/** Choosing another board drops the section chosen on the old one (a section belongs to its board). */
export function withBoard(options: ChannelOptions, board: string | undefined): ChannelOptions {
  const keepSection = board !== undefined && board === options.board;
  return { ...options, board, boardSection: keepSection ? options.boardSection : undefined };
}

/** The sections of the chosen board; none while no board is chosen. */
export function sectionsOf(boards: PinBoard[], board: string | undefined) {
  return boards.find((b) => b.id === board)?.sections ?? [];
}
