import { sql } from "drizzle-orm";
import { integer } from "drizzle-orm/sqlite-core";

/** Milliseconds since the epoch; every timestamp in the schema uses this. */
export const ms = (name: string) => integer(name, { mode: "number" });
export const createdAt = () => ms("created_at").notNull().default(sql`(unixepoch() * 1000)`);
