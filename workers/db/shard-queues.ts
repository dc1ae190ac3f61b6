/**
 * Queue messages name the shard whose rows they are about (ADR 035), so a consumer reads the right database
 * without a directory lookup. Producers get their queue through `stampShard`, which adds the field to every
 * body; the jobs that write the messages stay unaware of shards.
 */
export interface ShardStamped {
  shard?: string;
}

/** Messages written before shards were stamped are about the directory database, where every workspace was. */
const UNSTAMPED = "DB";

/** The queue as a producer on `shard` sees it: every message it sends names the shard. */
export function stampShard<T>(queue: Queue<T>, shard: string): Queue<T> {
  const stamp = (body: T) => ({ ...body, shard }) as T;
  return {
    send: (body, options) => queue.send(stamp(body), options),
    sendBatch: (messages, options) =>
      queue.sendBatch(
        [...messages].map((m) => ({ ...m, body: stamp(m.body) })),
        options,
      ),
  } as Queue<T>;
}

/**
 * A batch split by the shard its messages name, each part a batch of its own (ack and retry act on its own
 * messages), so one consumer run reads one database. A batch about one shard is passed on as it is.
 */
export function splitByShard<T>(batch: MessageBatch<T>): Array<{ shard: string; batch: MessageBatch<T> }> {
  const parts = new Map<string, Message<T>[]>();
  for (const m of batch.messages) {
    const shard = (m.body as ShardStamped | null)?.shard ?? UNSTAMPED;
    parts.set(shard, [...(parts.get(shard) ?? []), m]);
  }
  const [only, ...others] = parts.keys();
  if (only !== undefined && others.length === 0) return [{ shard: only, batch }];
  return [...parts].map(([shard, messages]) => ({
    shard,
    batch: {
      queue: batch.queue,
      metadata: batch.metadata,
      messages,
      ackAll: () => {
        for (const m of messages) m.ack();
      },
      retryAll: (options?: QueueRetryOptions) => {
        for (const m of messages) m.retry(options);
      },
    },
  }));
}
