import { z } from "zod";
import type { AccountCredentials, InboxAdapter } from "../platforms";
import type { metaDelivery } from "./meta-webhook";
import type { InboxItemRow, NewItem } from "./store";
import { threadWindow } from "./window-rules";

/**
 * Direct messages in the inbox (ADR 092), pure: the Messenger Platform's `messages` webhook read into items, a
 * conversation's thread with its reply window (window-rules.ts), and which network calls answer an item (a
 * message is answered in its conversation, a comment under itself).
 */

/** One direct message a webhook announced, for the account whose network id is `ownerId`. */
export interface WebhookMessage {
  platform: "facebook" | "instagram";
  ownerId: string;
  remoteId: string;
  /** The person's PSID or IGSID: their thread with the account. */
  conversationId: string;
  text: string;
  createdAt: number;
}

const id = z.union([z.string(), z.number()]).transform(String);
const messagingEvent = z.object({
  sender: z.object({ id }),
  recipient: z.object({ id }),
  timestamp: z.number().optional(),
  message: z.object({ mid: z.string(), text: z.string().default(""), is_echo: z.boolean().optional() }),
});

/**
 * The people's messages in a delivery's `entry[].messaging[]` (the `messages` field). The account's own
 * messages come back as echoes (`is_echo`, or the sender is the account): they are not items.
 */
export function messagesOf(delivery: z.infer<typeof metaDelivery>, now: number): WebhookMessage[] {
  const platform = delivery.object === "page" ? "facebook" : delivery.object === "instagram" ? "instagram" : null;
  if (!platform) return [];
  return delivery.entry.flatMap((entry) =>
    entry.messaging.flatMap((raw) => {
      const e = messagingEvent.safeParse(raw);
      if (!e.success || e.data.message.is_echo || e.data.sender.id === entry.id) return [];
      return [
        {
          platform,
          ownerId: entry.id,
          remoteId: e.data.message.mid,
          conversationId: e.data.sender.id,
          text: e.data.message.text,
          createdAt: e.data.timestamp ?? now,
        },
      ];
    }),
  );
}

type Send = (account: AccountCredentials, text: string) => Promise<{ remoteId: string }>;
type Find = (account: AccountCredentials, text: string, since: number) => Promise<{ remoteId: string } | null>;

/** How an item is answered on its network: a message to its conversation's person, a reply to a comment. */
export function answerCalls(
  adapter: InboxAdapter | null,
  item: { kind: string; remoteId: string; conversationId: string | null },
): { send: Send; find: Find | null } | null {
  if (item.kind === "message") {
    const { sendMessage, findMessage } = adapter ?? {};
    const to = item.conversationId;
    if (!sendMessage || !to) return null;
    return {
      send: (a, text) => sendMessage(a, to, text),
      find: findMessage ? (a, text, since) => findMessage(a, to, text, since) : null,
    };
  }
  const { reply, findReply } = adapter ?? {};
  if (!reply) return null;
  return {
    send: (a, text) => reply(a, item.remoteId, text),
    find: findReply ? (a, text, since) => findReply(a, item.remoteId, text, since) : null,
  };
}

/** A message as an inbox item, under the name people.ts found for its sender (a webhook gives only their id). */
export function messageItem(
  m: { remoteId: string; text: string; createdAt: number; conversationId: string },
  author: string,
): NewItem {
  return { ...m, author, kind: "message", target: null };
}

/** A conversation as the thread view shows it: each message and the answer sent to it, oldest first. */
export function conversationView(items: InboxItemRow[], now: number) {
  const messages = items.flatMap((i) => [
    { id: i.id, from: i.author, text: i.text, at: new Date(i.createdAt).toISOString(), ours: false },
    ...(i.replyState === "sent" && i.repliedAt !== null
      ? [
          {
            id: `${i.id}:reply`,
            from: null,
            text: i.replyText ?? "",
            at: new Date(i.repliedAt).toISOString(),
            ours: true,
          },
        ]
      : []),
  ]);
  const platform = items[0]?.platform;
  return { messages, window: platform ? threadWindow(platform, messages, now) : null };
}
