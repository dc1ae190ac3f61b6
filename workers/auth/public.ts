// What the UI may use of the auth module: client-safe schemas, constants and pure rules (ADR 079).
export * from "./schemas";
