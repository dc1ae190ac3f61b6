// What the UI may import from branding: schemas, messages and rules (client-safe).
export {
  BrandMessages,
  brandInput,
  contrastWithWhite,
  DEFAULT_BRAND_COLOR,
  LOGO_MAX_BYTES,
  MIN_CONTRAST,
} from "./rules";
export { BrandData } from "./schemas";
