// One file per feature; drizzle-kit reads every table exported here.

export * from "./accounts";
export * from "./ai";
export * from "./analytics";
export * from "./analytics-rollups";
export * from "./approvals";
export * from "./automation";
export * from "./bio";
export * from "./branding";
export * from "./categories";
export * from "./collaboration";
export * from "./core";
export * from "./emulator";
export * from "./feeds";
export * from "./imports";
export * from "./inbox";
export * from "./inbox-team";
export * from "./links";
export * from "./media";
export * from "./oauth";
export * from "./pieces";
export * from "./posts";
export * from "./publishing";
export * from "./queue";
export * from "./staging";
export * from "./webhooks";
export * from "./workspaces";
