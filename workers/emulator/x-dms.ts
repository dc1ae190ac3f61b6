import type { Db } from "../db/client";
import { numericId } from "./ids";
import { createObject, type EmuObject, listObjects } from "./objects";

/**
 * X API v2 Direct Messages, written from X's docs: `GET /2/dm_events` (the user's DM events, newest first;
 * `dm_event.fields`, `event_types`, `max_results` 1..100, `expansions=sender_id`) and
 * `POST /2/dm_conversations/with/:participant_id/messages` (`{text}` of 1..10,000 characters; 201 with
 * `dm_conversation_id` and `dm_event_id`). A one-to-one conversation's id is the two user ids, lower first,
 * joined by a dash. Events are kept per authorizing user (`owner`), which is all the emulator's tokens can read.
 */
const P = "twitter";
const KIND = "dm_event";
export const DM_TEXT_MAX = 10_000;

/** A person's stable numeric X id, from their name. */
async function visitorId(name: string): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`x:${name}`)));
  return `1${[...hash.slice(0, 18)].map((b) => String(b % 10)).join("")}`;
}

const conversationOf = (a: string, b: string) =>
  [a, b].sort((x, y) => x.length - y.length || (x < y ? -1 : 1)).join("-");

function eventsOf(db: Db, owner: string) {
  return listObjects(db, P, KIND, owner, { limit: 500 });
}

async function addEvent(
  db: Db,
  owner: string,
  e: { sender: string; senderName: string; other: string; text: string },
  now: number,
) {
  const id = numericId(19);
  const conversation = conversationOf(owner, e.other);
  await createObject(db, { id, platform: P, kind: KIND, owner, createdAt: now, data: { ...e, conversation } });
  return { dm_conversation_id: conversation, dm_event_id: id };
}

/** Someone writes to the account `to` (a user id) now: the sandbox's on-demand direct message. */
export async function addVisitorDm(db: Db, input: { to: string; from: string; text: string }, now: number) {
  const sender = await visitorId(input.from);
  const made = await addEvent(db, input.to, { sender, senderName: input.from, other: sender, text: input.text }, now);
  return { id: made.dm_event_id, senderId: sender, webhooks: [] as number[] };
}

const eventView = (e: EmuObject, fields: string[]) => ({
  id: e.id,
  event_type: "MessageCreate",
  text: String(e.data.text),
  ...(fields.includes("sender_id") ? { sender_id: String(e.data.sender) } : {}),
  ...(fields.includes("dm_conversation_id") ? { dm_conversation_id: String(e.data.conversation) } : {}),
  ...(fields.includes("created_at") ? { created_at: new Date(e.createdAt).toISOString() } : {}),
});

/** `GET /2/dm_events` for the user: their conversations' MessageCreate events, newest first. */
export async function dmEvents(
  db: Db,
  user: { id: string; username: string; name: string },
  q: { max: number; fields: string[]; expandSender: boolean },
  now: number,
) {
  const rows = (await eventsOf(db, user.id)).filter((e) => e.createdAt <= now).slice(0, q.max);
  const data = rows.map((e) => eventView(e, q.fields));
  const people = new Map<string, string>();
  for (const e of rows) people.set(String(e.data.sender), String(e.data.senderName));
  const users = [...people].map(([id, name]) => ({
    id,
    name,
    username: id === user.id ? user.username : name.toLowerCase().replace(/\W+/g, ""),
  }));
  return {
    ...(data.length ? { data } : {}),
    ...(data.length && q.expandSender ? { includes: { users } } : {}),
    meta: { result_count: data.length },
  };
}

/** `POST /2/dm_conversations/with/:participant_id/messages`: null when the person never wrote to the user. */
export async function sendDm(
  db: Db,
  user: { id: string; name: string },
  participant: string,
  text: string,
  now: number,
) {
  const known = (await eventsOf(db, user.id)).some((e) => e.data.other === participant);
  if (!known) return null;
  return addEvent(db, user.id, { sender: user.id, senderName: user.name, other: participant, text }, now);
}
