// The links module's public surface: other modules import it only from here (ADR 079).
export { postLinkRoutes } from "./post-routes";
export { trackingReads, trackLinks } from "./publish";
export { SHORT_LINK_PREFIX, serveShortLink } from "./redirect";
export { linkRoutes } from "./routes";
export { clickDay, findLinks, isHumanClick, linksFixed } from "./rules";
export type { LinkSettingsInput } from "./schemas";
export { clicksQuery, LinkReplies, linkSettingsBody, PostLinkReplies } from "./schemas";
export { LinkService } from "./service";
export { LinkStore } from "./store";
