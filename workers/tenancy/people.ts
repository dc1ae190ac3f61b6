import { and, eq, inArray, type SQL } from "drizzle-orm";
import { readInRuns } from "../db/chunks";
import type { Db } from "../db/client";
import { users } from "../db/schema/index";
import { type Role, workspaceMembers, workspaces } from "../db/schema/workspaces";

/** Who a user is, as mail and pages show them: read from the directory (ADR 035, ADR 081). */
export interface Person {
  id: string;
  displayName: string;
  email: string;
  timezone: string;
}

/**
 * Members' display data for shard services. Users and memberships live in the directory, which a shard's SQL
 * cannot join once the shard is another database: a page of rows asks here once for all its people.
 */
export interface People {
  /** These users, by id (one directory query; the unknown ones are absent: a former user). */
  byIds(ids: readonly string[]): Promise<Map<string, Person>>;
  /** These workspaces' names and time zones, by id (one directory query). */
  workspaces(ids: readonly string[]): Promise<Map<string, { id: string; name: string; timezone: string }>>;
  /** The workspace's members, with their role, optionally only those with one of `roles` (one query). */
  members(workspaceId: string, roles?: readonly Role[]): Promise<(Person & { role: Role })[]>;
  /** This user if they are a member of the workspace now, else undefined (one query). */
  member(workspaceId: string, userId: string): Promise<(Person & { role: Role }) | undefined>;
}

const PERSON = { id: users.id, displayName: users.displayName, email: users.email, timezone: users.timezone };

/**
 * Reads distinct ids in runs: a page asks for a few, but the report cron asks for every schedule's creator and
 * workspace on a shard.
 */
const readIds = <R>(ids: readonly string[], read: (run: string[]) => PromiseLike<R[]>) =>
  readInRuns([...new Set(ids)], 0, read);

const membersWhere = (db: Db, workspaceId: string, also: SQL | undefined) =>
  db
    .select({ ...PERSON, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), also));

/** The directory's people, `db` being the directory database. */
export function directoryPeople(db: Db): People {
  return {
    async byIds(ids) {
      const rows = await readIds(ids, (run) => db.select(PERSON).from(users).where(inArray(users.id, run)));
      return new Map(rows.map((r) => [r.id, r]));
    },
    async workspaces(ids) {
      const rows = await readIds(ids, (run) =>
        db
          .select({ id: workspaces.id, name: workspaces.name, timezone: workspaces.timezone })
          .from(workspaces)
          .where(inArray(workspaces.id, run)),
      );
      return new Map(rows.map((r) => [r.id, r]));
    },
    members(workspaceId, roles) {
      return membersWhere(db, workspaceId, roles ? inArray(workspaceMembers.role, [...roles]) : undefined);
    },
    async member(workspaceId, userId) {
      const [row] = await membersWhere(db, workspaceId, eq(workspaceMembers.userId, userId));
      return row;
    },
  };
}
