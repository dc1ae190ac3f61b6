/** The test runtime's workspace databases beside the directory `DB` (vitest.config.ts), migrated by the setup file. */
export const EXTRA_SHARDS = ["SHARD_B", "SHARD_C"] as const;
