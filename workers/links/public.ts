// What the UI may use of the links module: client-safe pure rules (ADR 079).
export type { PostLinkChoices, WorkspaceLinkChoices } from "./rules";
export { finalUrls, linkPlan } from "./rules";
