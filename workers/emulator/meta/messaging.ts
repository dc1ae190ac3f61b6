import { and, asc, eq, sql } from "drizzle-orm";
import { emuObjects } from "../../db/schema/emulator";
import type { EmuContext } from "../context";
import { numericId } from "../ids";
import { createObject, type EmuObject } from "../objects";
import type { TokenRow } from "../tokens";
import { igAccountById, PAGES, pageById } from "./demo";
import { GraphError, graphTime, requirePermission } from "./graph-core";
import { deliverMessaging } from "./webhooks";

/**
 * Messenger Platform and Instagram messaging, written from Meta's docs: a person writes to a Page or an IG
 * professional account (on demand through `POST /sandbox/messages`), the subscribed apps get the `messages`
 * webhook (`entry[].messaging[]` with `sender`, `recipient`, `timestamp`, `message.mid/text`), the account reads
 * its threads with `GET /{id}/conversations` and answers with the Send API `POST /{id}/messages`
 * (`recipient.id`, `message.text`, `messaging_type`). A RESPONSE is allowed only within 24 hours of the person's
 * last message: after that Meta refuses with (#10) subcode 2018278.
 */
type Store = "facebook" | "instagram";
const KIND = "message";
export const WINDOW_MS = 24 * 3_600_000;
const TEXT_MAX = 2_000;
const MESSAGING_TYPES = new Set(["RESPONSE", "UPDATE", "MESSAGE_TAG"]);

/** A person's page-scoped id (PSID) or Instagram-scoped id (IGSID): stable per account and name, as Meta's are. */
async function scopedId(owner: string, name: string): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${owner}:${name}`)));
  return `7${[...hash.slice(0, 15)].map((b) => String(b % 10)).join("")}`;
}

const accountName = (store: Store, owner: string) =>
  store === "facebook" ? (pageById(owner)?.name ?? owner) : (igAccountById(owner)?.username ?? owner);

async function addMessage(
  c: EmuContext,
  store: Store,
  owner: string,
  m: { person: string; personName: string; inbound: boolean; text: string },
) {
  const mid = `m_${numericId(22)}`;
  await createObject(c.var.db, {
    id: mid,
    platform: store,
    kind: KIND,
    owner,
    createdAt: c.var.now,
    data: { ...m },
  });
  return mid;
}

function threadOf(c: EmuContext, store: Store, owner: string, person?: string) {
  return c.var.db
    .select()
    .from(emuObjects)
    .where(
      and(
        eq(emuObjects.platform, store),
        eq(emuObjects.kind, KIND),
        eq(emuObjects.owner, owner),
        person ? sql`json_extract(${emuObjects.data}, '$.person') = ${person}` : undefined,
      ),
    )
    .orderBy(asc(emuObjects.createdAt))
    .all();
}

/**
 * A person writes to a Page (or the first Page's IG account) now; the subscribed apps get the webhook unless
 * `webhook` is false (Meta gave up delivering it: only a read of the conversations finds it).
 */
export async function addVisitorMessage(
  c: EmuContext,
  input: { platform: Store; to?: string; from: string; text: string; webhook: boolean },
) {
  const store = input.platform;
  const owner = input.to ?? (store === "facebook" ? PAGES[0]!.id : PAGES[0]!.ig!.id);
  if (store === "facebook" ? !pageById(owner) : !igAccountById(owner)) return null;
  const person = await scopedId(owner, input.from);
  const mid = await addMessage(c, store, owner, { person, personName: input.from, inbound: true, text: input.text });
  const webhooks = input.webhook
    ? await deliverMessaging(c, {
        object: store === "facebook" ? "page" : "instagram",
        entryId: owner,
        messaging: {
          sender: { id: person },
          recipient: { id: owner },
          timestamp: c.var.now,
          message: { mid, text: input.text },
        },
      })
    : [];
  return { id: mid, senderId: person, webhooks };
}

const messageJson = (store: Store, o: EmuObject) => {
  const owner = {
    id: o.owner,
    ...(store === "facebook" ? { name: accountName(store, o.owner) } : { username: accountName(store, o.owner) }),
  };
  const person = {
    id: String(o.data.person),
    ...(store === "facebook" ? { name: String(o.data.personName) } : { username: String(o.data.personName) }),
  };
  return {
    id: o.id,
    created_time: graphTime(o.createdAt),
    message: String(o.data.text ?? ""),
    from: o.data.inbound ? person : owner,
    to: { data: [o.data.inbound ? owner : person] },
  };
};

/** `GET /{id}/conversations`: the threads, most recently updated first, each with its messages newest first. */
async function conversations(c: EmuContext, store: Store, owner: string, p: Record<string, string>) {
  const wanted = store === "facebook" ? "messenger" : "instagram";
  if (p.platform && p.platform !== wanted)
    throw new GraphError(400, `(#100) platform must be ${wanted} for this account`, 100);
  const rows = await threadOf(c, store, owner, p.user_id);
  const byPerson = new Map<string, EmuObject[]>();
  for (const r of rows) byPerson.set(String(r.data.person), [...(byPerson.get(String(r.data.person)) ?? []), r]);
  const threads = [...byPerson.values()].map((msgs) => {
    const last = msgs.at(-1)!;
    const json = messageJson(store, last);
    return {
      id: `t_${owner}_${String(last.data.person)}`,
      updated_time: graphTime(last.createdAt),
      participants: { data: [json.from, ...json.to.data] },
      messages: { data: msgs.map((m) => messageJson(store, m)).reverse() },
      updated: last.createdAt,
    };
  });
  return {
    data: threads.sort((a, b) => b.updated - a.updated).map(({ updated: _, ...t }) => t),
  };
}

function jsonParam(raw: string | undefined): Record<string, unknown> {
  try {
    const v = JSON.parse(raw ?? "");
    return v && typeof v === "object" ? v : {};
  } catch {
    return {};
  }
}

/** The Send API: a text answer to a person who wrote, inside the 24-hour standard messaging window. */
async function send(c: EmuContext, store: Store, owner: string, p: Record<string, string>) {
  const recipient = String(jsonParam(p.recipient).id ?? "");
  const text = jsonParam(p.message).text;
  if (!MESSAGING_TYPES.has(p.messaging_type ?? ""))
    throw new GraphError(400, "(#100) param messaging_type must be one of {RESPONSE, UPDATE, MESSAGE_TAG}", 100);
  if (typeof text !== "string" || !text.trim())
    throw new GraphError(400, "(#100) param message must be non-empty.", 100);
  if ([...text].length > TEXT_MAX)
    throw new GraphError(400, `(#100) Length of param message[text] must be less than or equal to ${TEXT_MAX}`, 100);
  const thread = recipient ? await threadOf(c, store, owner, recipient) : [];
  const lastIn = thread.filter((m) => m.data.inbound).at(-1);
  if (!lastIn) throw new GraphError(400, "(#100) No matching user found", 100, 2018001);
  if (c.var.now - lastIn.createdAt > WINDOW_MS)
    throw new GraphError(
      400,
      "(#10) This message is sent outside of allowed window. Learn more about the new policy here: https://developers.facebook.com/docs/messenger-platform/policy-overview",
      10,
      2018278,
    );
  const mid = await addMessage(c, store, owner, {
    person: recipient,
    personName: String(lastIn.data.personName),
    inbound: false,
    text,
  });
  return { recipient_id: recipient, message_id: mid };
}

/**
 * The `conversations` and `messages` edges of a Page or IG account; null for other edges. `permission` is the
 * messaging permission of the login the token came from (pages_messaging, instagram_manage_messages,
 * instagram_business_manage_messages).
 */
export function messagingEdge(
  c: EmuContext,
  token: TokenRow,
  target: { store: Store; owner: string; permission: string },
  edge: string | undefined,
  p: Record<string, string>,
) {
  if (edge !== "conversations" && edge !== "messages") return null;
  requirePermission(
    token,
    target.permission,
    new GraphError(403, "(#10) Application does not have permission for this action", 10),
  );
  if (edge === "conversations" && c.req.method === "GET") return conversations(c, target.store, target.owner, p);
  if (edge === "messages" && c.req.method === "POST") return send(c, target.store, target.owner, p);
  return null;
}

/** The Pages' Messenger threads and their linked IG accounts' (served through the Page with Facebook Login). */
export function messagingOwners(pages: Array<{ id: string; ig: { id: string } | null }>) {
  return pages.flatMap((pg) => [
    { store: "facebook" as const, owner: pg.id, permission: "pages_messaging" },
    ...(pg.ig ? [{ store: "instagram" as const, owner: pg.ig.id, permission: "instagram_manage_messages" }] : []),
  ]);
}

/**
 * The User Profile API on a person's PSID or IGSID node (`GET /{id}?fields=`): Messenger gives `name`,
 * `first_name`, `last_name`, `profile_pic`; Instagram `name`, `username`, `profile_pic`. Meta shows a profile only
 * to an account the person has messaged (their consent): null otherwise, and the caller answers "does not exist".
 */
export async function personProfile(
  c: EmuContext,
  token: TokenRow,
  targets: Array<{ store: Store; owner: string; permission: string }>,
  id: string,
  p: Record<string, string>,
) {
  for (const target of targets) {
    const [first] = await threadOf(c, target.store, target.owner, id);
    if (!first?.data.inbound) continue;
    requirePermission(
      token,
      target.permission,
      new GraphError(403, "(#10) Application does not have permission for this action", 10),
    );
    const name = String(first.data.personName);
    const picture = `https://lookaside.fbsbx.com/${target.store}/profilepic/?id=${id}`;
    const all: Record<string, string> =
      target.store === "facebook"
        ? {
            id,
            name,
            first_name: name.split(" ")[0]!,
            last_name: name.split(" ").slice(1).join(" "),
            profile_pic: picture,
          }
        : { id, name, username: name, profile_pic: picture };
    const fields = (p.fields ?? "").split(",").filter((f) => f in all);
    return Object.fromEntries([["id", id], ...fields.map((f) => [f, all[f]])]);
  }
  return null;
}

/**
 * A Page's messaging edges: Messenger threads, or with `platform=instagram` (and for an IGSID recipient) the
 * threads of the IG account linked to the Page, which the Messenger Platform serves through the Page.
 */
export async function pageMessagingEdge(
  c: EmuContext,
  token: TokenRow,
  page: { id: string; ig: { id: string } | null },
  edge: string,
  p: Record<string, string>,
) {
  if (edge !== "conversations" && edge !== "messages") return null;
  const recipient = String(jsonParam(p.recipient).id ?? "");
  const viaIg =
    page.ig !== null &&
    (edge === "conversations"
      ? p.platform === "instagram"
      : (await threadOf(c, "instagram", page.ig.id, recipient || "-")).length > 0);
  const target = viaIg
    ? { store: "instagram" as const, owner: page.ig!.id, permission: "instagram_manage_messages" }
    : { store: "facebook" as const, owner: page.id, permission: "pages_messaging" };
  return messagingEdge(c, token, target, edge, viaIg && edge === "conversations" ? { ...p, platform: "instagram" } : p);
}
