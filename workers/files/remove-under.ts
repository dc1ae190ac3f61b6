/**
 * Deletes every object whose key starts with one of `prefixes` (a deleted workspace's files), a listing page at a
 * time: R2 lists and deletes at most 1,000 keys per call, so a large library costs a few calls, not one per file.
 */
export async function removeUnder(bucket: R2Bucket, prefixes: readonly string[]): Promise<number> {
  let removed = 0;
  for (const prefix of prefixes) {
    let cursor: string | undefined;
    do {
      const page = await bucket.list({ prefix, cursor, limit: 1000 });
      if (page.objects.length) await bucket.delete(page.objects.map((o) => o.key));
      removed += page.objects.length;
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
  }
  return removed;
}
