import type { Db } from "../db/client";
import { BrandService } from "./service";

/** The activity entry a brand change makes (the workspaces module's log takes it; branding imports nothing of it). */
interface SettingsChanged {
  workspaceId: string;
  userId: string;
  action: "settings_changed";
  subject: "workspace";
  subjectId: string;
  summary: string;
  at: number;
}

/**
 * The brand service of the request's workspace database; a change is logged as the workspace's settings change
 * through the services' activity log.
 */
export const brandService = (s: {
  db: Db;
  env: { MEDIA: R2Bucket };
  now: () => number;
  activity?: { entry(entry: SettingsChanged): Promise<unknown> };
}) =>
  new BrandService(s.db, s.env.MEDIA, s.now, async ({ workspaceId, userId, summary }) =>
    s.activity?.entry({
      workspaceId,
      userId,
      action: "settings_changed",
      subject: "workspace",
      subjectId: workspaceId,
      summary,
      at: s.now(),
    }),
  );
