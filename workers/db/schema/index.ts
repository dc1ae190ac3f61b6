// One file per feature; drizzle-kit reads every table exported here.
export * from "./core";
export * from "./accounts";
export * from "./posts";
export * from "./publishing";
export * from "./ai";
export * from "./oauth";
export * from "./emulator";
export * from "./media";
export * from "./analytics";
export * from "./workspaces";
export * from "./approvals";
export * from "./automation";
