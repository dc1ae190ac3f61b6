/** D1's documented maximum size of one database (paid plan), in bytes. */
export const D1_MAX_BYTES = 10 * 1000 ** 3;
/** Past this share of D1's limit a shard should take no more new workspaces: the setup check warns (ADR 081). */
export const SHARD_WARN_SHARE = 0.7;

/** A workspace database's size (pure, so the offline setup check can type it without D1). */
export interface ShardSize {
  shard: string;
  bytes: number;
  /** `bytes` over D1's limit, 0–1. */
  share: number;
}
