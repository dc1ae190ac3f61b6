/**
 * A member's stand-in on a shard apart from the directory (ADR 081, 082): the id alone, so the shard's foreign keys
 * to `users` hold. It has no name, address or password (`!` matches no hash); nothing reads it.
 */
export const userStandIns = (shard: D1Database, ids: string[]) =>
  ids.map((id) =>
    shard
      .prepare(
        "INSERT INTO users (id, email, display_name, password_hash) VALUES (?, ?, '', '!') ON CONFLICT DO NOTHING",
      )
      .bind(id, `${id}@anchor.invalid`),
  );
