/**
 * Every per-platform fact in one place: names, colours, text and media limits, quotas, OAuth scopes. Pure data
 * that imports nothing (the import rules check it), so the server and the UI share it. Endpoints are the clients'
 * configuration (platforms/endpoints.ts); the emulator keeps its own numbers and scopes, written from
 * PLATFORMS.md, so a wrong fact here shows up as a failing test.
 */

export * from "./brands";
export * from "./by-platform";
export * from "./profiles";
export * from "./scopes";
export * from "./types";
export * from "./versions";
