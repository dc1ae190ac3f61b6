import { DurableObject } from "cloudflare:workers";
import type { LiveEvent, Replying } from "./live-events";

export type { LiveEvent } from "./live-events";

interface Attachment {
  userId: string;
  name: string;
  replying: string | null;
}

/** The headers the Worker hands the object after it checked the member (the object trusts only them). */
export const LIVE_USER = "X-Live-User";
export const LIVE_NAME = "X-Live-Name";

/**
 * One per workspace: the open Inbox pages' WebSockets, accepted with the Hibernation API so an idle inbox costs
 * nothing between events. The Worker authenticates the upgrade; the object only fans out.
 */
export class InboxLive extends DurableObject<Env> {
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade") !== "websocket") return new Response("Expected a WebSocket", { status: 426 });
    const userId = request.headers.get(LIVE_USER);
    if (!userId) return new Response("Who?", { status: 400 });
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [userId]);
    server.serializeAttachment({ userId, name: request.headers.get(LIVE_NAME) ?? "", replying: null } as Attachment);
    // Answered without waking the object: the page's keep-alive.
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
    server.send(JSON.stringify({ type: "presence", replying: this.replying() } satisfies LiveEvent));
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Sends the event to every open inbox of the workspace; returns how many heard it. */
  async publish(event: LiveEvent): Promise<number> {
    return this.broadcast(JSON.stringify(event));
  }

  /** The page says which item its member is writing a reply to (`{"replying": id}`, or null when they stop). */
  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    let replying: unknown;
    try {
      replying = (JSON.parse(typeof message === "string" ? message : new TextDecoder().decode(message)) as Attachment)
        .replying;
    } catch {
      return;
    }
    if (replying !== null && (typeof replying !== "string" || replying.length > 100)) return;
    const was = ws.deserializeAttachment() as Attachment;
    if (was.replying === replying) return;
    ws.serializeAttachment({ ...was, replying });
    this.broadcast(JSON.stringify({ type: "presence", replying: this.replying() } satisfies LiveEvent));
  }

  async webSocketClose(ws: WebSocket): Promise<void> {
    try {
      ws.close(1000, "closed");
    } catch {
      // Already closed by the other side.
    }
    this.broadcast(JSON.stringify({ type: "presence", replying: this.replying(ws) } satisfies LiveEvent));
  }

  private replying(leaving?: WebSocket): Replying[] {
    return this.ctx
      .getWebSockets()
      .filter((ws) => ws !== leaving)
      .map((ws) => ws.deserializeAttachment() as Attachment)
      .filter((a) => a.replying !== null)
      .map((a) => ({ itemId: a.replying!, userId: a.userId, name: a.name }));
  }

  private broadcast(text: string): number {
    let sent = 0;
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(text);
        sent += 1;
      } catch {
        // A socket closing as we send; its close handler tells the others.
      }
    }
    return sent;
  }
}

/** The workspace's live channel. */
export const liveInbox = (env: Env, workspaceId: string) => env.INBOX_LIVE.get(env.INBOX_LIVE.idFromName(workspaceId));
