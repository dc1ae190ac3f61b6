import { DurableObject } from "cloudflare:workers";
import { type Backoff, type BackoffPolicy, backoffAfterFailure, backoffWaitMs } from "./backoff";
import { decide, type RateDecision } from "./rate-window";

/** One instance per key (e.g. `login:email:a@b.c`): a single writer, so counts never race. */
export class RateLimiter extends DurableObject<Env> {
  /** Counts a hit and decides on it. */
  async hit(limit: number, windowMs: number, now: number): Promise<RateDecision> {
    const stored = (await this.ctx.storage.get<number[]>("hits")) ?? [];
    const { hits, decision } = decide(stored, now, limit, windowMs);
    await this.ctx.storage.put("hits", hits);
    return decision;
  }

  /** Decides whether one more hit would be allowed, without counting it (failures are counted by `record`). */
  async peek(limit: number, windowMs: number, now: number): Promise<RateDecision> {
    return decide((await this.ctx.storage.get<number[]>("hits")) ?? [], now, limit, windowMs).decision;
  }

  async record(windowMs: number, now: number): Promise<void> {
    const recent = ((await this.ctx.storage.get<number[]>("hits")) ?? []).filter((t) => t > now - windowMs);
    recent.push(now);
    await this.ctx.storage.put("hits", recent);
  }

  /** Milliseconds the next attempt must wait under the growing delay. */
  async backoffWait(now: number, policy: BackoffPolicy): Promise<number> {
    return backoffWaitMs(await this.ctx.storage.get<Backoff>("backoff"), now, policy);
  }

  async backoffFail(now: number, policy: BackoffPolicy): Promise<void> {
    await this.ctx.storage.put(
      "backoff",
      backoffAfterFailure(await this.ctx.storage.get<Backoff>("backoff"), now, policy),
    );
  }

  async backoffReset(): Promise<void> {
    await this.ctx.storage.delete("backoff");
  }
}
