// The agency module's client-safe names: the UI imports these (ADR 079).

export type { AgencyView } from "./rules";
