// The labels module's public surface: other modules import it only from here (ADR 079).
export { postLabelRoutes } from "./post-routes";
export { labelRoutes } from "./routes";
export { CampaignReport, campaignQuery, LabelList } from "./schemas";
export type { LabelService } from "./service";
export { labelService } from "./service";
