import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";
import { MAX_PUBLISH_ATTEMPTS, PUBLISH_QUEUE_MAX_RETRIES } from "./retry-budget";

type Consumer = { queue: string; max_retries?: number; dead_letter_queue?: string; max_batch_timeout?: number };
const publishConsumer = (): Consumer | undefined => {
  const config = unstable_readConfig({ config: fileURLToPath(new URL("../../wrangler.toml", import.meta.url)) });
  return ((config.queues.consumers ?? []) as Consumer[]).find((c) => c.queue === "postline-publish");
};

describe("publishing retry budget", () => {
  it("is the publish queue's max_retries in wrangler.toml", () => {
    const consumer = publishConsumer();
    expect(consumer?.max_retries).toBe(PUBLISH_QUEUE_MAX_RETRIES);
    expect(consumer?.dead_letter_queue).toBe("postline-publish-dlq");
  });

  it("leaves the queue room for every attempt before a message is dead-lettered", () => {
    expect(PUBLISH_QUEUE_MAX_RETRIES).toBeGreaterThanOrEqual(MAX_PUBLISH_ATTEMPTS);
  });
});

describe("the publish queue's delivery (ADR 046)", () => {
  it("hands a due message over at once instead of waiting for a batch to fill", () => {
    expect(publishConsumer()?.max_batch_timeout).toBe(0);
  });
});
