import type { Db } from "../../db/client";
import type { MemberRef } from "../../tenancy/membership";
import type { People } from "../../tenancy/people";
import type { Range } from "../period";
import { AnalyticsService } from "../service";
import { assetFonts } from "./font-files";
import { CONTENT_TYPES, type ReportFormat, type ReportKind, toCsv, toPdf, toXlsx } from "./formats";
import { buildReportData } from "./report-data";
import type { ReportBrand } from "./report-story";
import { buildStory } from "./story-data";

/**
 * What a report needs beyond the workspace's figures: members' names from the directory (ADR 081), and for a PDF
 * the workspace's brand and the bucket its posts' pictures are in.
 */
export interface ReportLook {
  people: Pick<People, "byIds">;
  brand: () => Promise<ReportBrand>;
  bucket: R2Bucket | null;
}

/** One report file, ready to download or store. */
export async function renderReport(
  db: Db,
  viewer: MemberRef & { timezone: string },
  range: Range,
  kind: ReportKind,
  format: ReportFormat,
  look: ReportLook,
) {
  const analytics = new AnalyticsService(db, viewer, viewer.timezone);
  const data = await buildReportData(db, look.people, viewer.workspaceId, analytics, range, kind);
  const body =
    format === "csv"
      ? new TextEncoder().encode(toCsv(data.csv))
      : format === "xlsx"
        ? await toXlsx(data)
        : await toPdf(
            {
              ...data,
              story: await buildStory(
                { db, bucket: look.bucket, workspaceId: viewer.workspaceId, analytics },
                range,
                await look.brand(),
              ),
            },
            assetFonts,
          );
  const filename = `postline-${kind}-${new Date(range.start).toISOString().slice(0, 10)}-${new Date(range.end).toISOString().slice(0, 10)}.${format}`;
  return { body, filename, contentType: CONTENT_TYPES[format] };
}

export { fileResponse } from "../../http/file-response";
