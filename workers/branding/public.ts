// What the UI may import from branding: schemas, messages and rules (client-safe).
export { contrastWithWhite, MIN_CONTRAST } from "./contrast";
export { BrandMessages, brandInput, DEFAULT_BRAND_COLOR, LOGO_MAX_BYTES } from "./rules";
export { BrandData } from "./schemas";
