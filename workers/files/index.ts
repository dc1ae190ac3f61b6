// The files module's public surface: other modules import it only from here (ADR 079).
export { removeUnder } from "./remove-under";
export { safeFileName, sniffType } from "./sniff";
