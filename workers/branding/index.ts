// The branding module's public surface: other modules import it only from here (ADR 079).

export { mailBrandById, mailBrandOf, POSTLINE_MAIL_BRAND } from "./mail-brand";
export { brandLogoRoutes, brandRoutes } from "./routes";
export type { Brand, BrandLogo } from "./service";
export { BrandService, brandFilesOf } from "./service";
export { brandService } from "./service-of";
