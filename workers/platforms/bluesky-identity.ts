import { z } from "zod";
import type { Xrpc } from "./bluesky-xrpc";
import type { Endpoints } from "./endpoints";
import { PlatformError } from "./types";

/**
 * Identity on the AT Protocol (atproto.com/specs/handle, /specs/did): a handle resolves to a DID, the DID to
 * its document, which names the account's PDS (`#atproto_pds`) and, in `alsoKnownAs`, the handle it claims.
 * Both directions must agree before a handle is trusted. A did:plc's document comes from the PLC directory.
 */

const HANDLE = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/;
const DID = /^did:(plc|web):[a-zA-Z0-9._:%-]+$/;

/** A handle as typed ("@Alice.bsky.social") in its normal form, or null when it is not one. */
export function normalHandle(input: string): string | null {
  const handle = input.trim().replace(/^@/, "").toLowerCase();
  return handle.length <= 253 && HANDLE.test(handle) ? handle : null;
}

export const isDid = (value: string) => DID.test(value);

const didDocument = z.object({
  id: z.string(),
  alsoKnownAs: z.array(z.string()).optional(),
  service: z.array(z.object({ id: z.string(), type: z.string(), serviceEndpoint: z.unknown() })).optional(),
});
export type DidDocument = z.output<typeof didDocument>;

export interface Identity {
  did: string;
  handle: string;
  pds: string;
}

const fail = (message: string) => new PlatformError("permanent", message, { platform: "bluesky" });

export class BlueskyIdentity {
  constructor(
    private readonly xrpc: Xrpc,
    private readonly endpoints: Endpoints,
  ) {}

  /** com.atproto.identity.resolveHandle on the entryway: the DID a handle points at. */
  async resolveHandle(handle: string): Promise<string> {
    const { did } = await this.xrpc.call(
      this.endpoints.BSKY_ENTRYWAY_BASE,
      "com.atproto.identity.resolveHandle",
      z.object({ did: z.string().regex(DID) }),
      { params: { handle } },
    );
    return did;
  }

  async document(did: string): Promise<DidDocument> {
    const url = did.startsWith("did:plc:")
      ? `${this.endpoints.PLC_DIRECTORY_BASE}/${did}`
      : `https://${decodeURIComponent(did.slice("did:web:".length))}/.well-known/did.json`;
    const doc = (await this.xrpc.http.answer(url, didDocument)).data;
    if (doc.id !== did) throw fail(`The DID document of ${did} names another DID.`);
    return doc;
  }

  /** Handle or DID → the account's DID, verified handle and PDS. */
  async resolve(identifier: string): Promise<Identity> {
    const handle = normalHandle(identifier);
    const did = isDid(identifier.trim()) ? identifier.trim() : handle ? await this.resolveHandle(handle) : null;
    if (!did) throw fail("Enter a Bluesky handle like name.bsky.social.");
    const doc = await this.document(did);
    const claimed = handleIn(doc);
    if (handle && claimed !== handle) throw fail(`The handle ${handle} is not confirmed by its account (${did}).`);
    const pds = pdsIn(doc);
    if (!pds) throw fail(`The account ${did} names no PDS in its DID document.`);
    return { did, handle: claimed ?? did, pds };
  }
}

/** The `#atproto_pds` service's endpoint (an https origin). */
export function pdsIn(doc: DidDocument): string | null {
  const entry = doc.service?.find(
    (s) => (s.id === "#atproto_pds" || s.id === `${doc.id}#atproto_pds`) && s.type === "AtprotoPersonalDataServer",
  );
  const endpoint = entry?.serviceEndpoint;
  if (typeof endpoint !== "string" || !URL.canParse(endpoint)) return null;
  const url = new URL(endpoint);
  return url.protocol === "https:" ? url.origin : null;
}

/** The first `at://` handle the document claims. */
export function handleIn(doc: DidDocument): string | null {
  const aka = doc.alsoKnownAs?.find((a) => a.startsWith("at://"));
  return aka ? normalHandle(aka.slice("at://".length)) : null;
}
