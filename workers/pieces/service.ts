import { Conflict, Invalid, NotFound } from "../errors";
import { hashtagsOf, MAX_PIECES, PieceMessages } from "./rules";
import type { Piece, PieceInput, PiecePatch } from "./schemas";
import { type PieceRow, PieceStore } from "./store";

const shape = (row: PieceRow): Piece => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  body: row.body,
  platform: row.platform,
  updatedAt: new Date(row.updatedAt).toISOString(),
});

/** A workspace's hashtag groups, caption templates and channel signatures (ADR 087). */
export class PieceService {
  constructor(
    private readonly store: PieceStore,
    private readonly now: () => number,
  ) {}

  async list(workspaceId: string): Promise<Piece[]> {
    return (await this.store.list(workspaceId)).map(shape);
  }

  async add(actor: { userId: string; workspace: { id: string } }, input: PieceInput): Promise<Piece> {
    const workspaceId = actor.workspace.id;
    if ((await this.store.count(workspaceId)) >= MAX_PIECES) throw new Conflict(PieceMessages.tooMany);
    const now = this.now();
    const row = {
      id: crypto.randomUUID(),
      workspaceId,
      kind: input.kind,
      name: input.name,
      body: input.body,
      platform: input.platform ?? null,
      createdBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    };
    if (!(await this.store.insert(row))) throw new Conflict(PieceMessages.signatureTaken(input.platform!));
    return shape(row);
  }

  async update(workspaceId: string, id: string, patch: PiecePatch): Promise<Piece> {
    const row = await this.store.get(workspaceId, id);
    if (!row) throw new NotFound();
    let body = patch.body;
    if (body !== undefined && row.kind === "hashtags") {
      const tags = hashtagsOf(body);
      if (!tags) throw new Invalid(PieceMessages.tags);
      body = tags.join(" ");
    }
    const next = { name: patch.name ?? row.name, body: body ?? row.body, updatedAt: this.now() };
    await this.store.update(workspaceId, id, next);
    return shape({ ...row, ...next });
  }

  /** Deletes the piece; answers its name. */
  async remove(workspaceId: string, id: string): Promise<string> {
    const name = await this.store.remove(workspaceId, id);
    if (name === undefined) throw new NotFound();
    return name;
  }
}

export const pieceService = (services: { db: ConstructorParameters<typeof PieceStore>[0]; now: () => number }) =>
  new PieceService(new PieceStore(services.db), services.now);
