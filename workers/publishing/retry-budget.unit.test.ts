import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";
import { MAX_PUBLISH_ATTEMPTS, PUBLISH_QUEUE_MAX_RETRIES } from "./retry-budget";

describe("publishing retry budget", () => {
  it("is the publish queue's max_retries in wrangler.toml", () => {
    const config = unstable_readConfig({ config: fileURLToPath(new URL("../../wrangler.toml", import.meta.url)) });
    const consumers: Array<{ queue: string; max_retries?: number; dead_letter_queue?: string }> =
      config.queues.consumers ?? [];
    const consumer = consumers.find((c) => c.queue === "postline-publish");
    expect(consumer?.max_retries).toBe(PUBLISH_QUEUE_MAX_RETRIES);
    expect(consumer?.dead_letter_queue).toBe("postline-publish-dlq");
  });

  it("leaves the queue room for every attempt before a message is dead-lettered", () => {
    expect(PUBLISH_QUEUE_MAX_RETRIES).toBeGreaterThanOrEqual(MAX_PUBLISH_ATTEMPTS);
  });
});
