import { z } from "zod";
import { REPORT_FORMATS, REPORT_KINDS } from "../db/schema/index";

export const MAX_RECIPIENTS = 20;
const ScheduleMessagesOf = {
  recipient: "Each recipient must be an email address, like client@example.com.",
  tooMany: `A report goes to at most ${MAX_RECIPIENTS} recipients.`,
} as const;

/** A report schedule as the API takes it (POST/PUT /api/analytics/reports/schedules) and the Analytics page posts it. */
export const scheduleInput = z
  .object({
    kind: z.enum(REPORT_KINDS, { error: "kind must be summary, detailed, growth or content." }),
    format: z.enum(REPORT_FORMATS, { error: "format must be csv, xlsx or pdf." }).default("pdf"),
    frequency: z.enum(["weekly", "monthly"], { error: "frequency must be weekly or monthly." }),
    weekday: z
      .number()
      .int()
      .min(0, "weekday must be 0 (Sunday) to 6 (Saturday).")
      .max(6, "weekday must be 0 (Sunday) to 6 (Saturday).")
      .nullish(),
    dayOfMonth: z.number().int().min(1, "dayOfMonth must be 1 to 28.").max(28, "dayOfMonth must be 1 to 28.").nullish(),
    hour: z
      .number({ error: "hour must be 0 to 23." })
      .int()
      .min(0, "hour must be 0 to 23.")
      .max(23, "hour must be 0 to 23."),
    enabled: z.boolean().default(true),
    /** Who else gets it (members and clients); the member who set it up always does. */
    recipients: z
      .array(z.string().trim().toLowerCase().pipe(z.email(ScheduleMessagesOf.recipient)), {
        error: ScheduleMessagesOf.recipient,
      })
      .max(MAX_RECIPIENTS, ScheduleMessagesOf.tooMany)
      .default([])
      .transform((list) => [...new Set(list)]),
  })
  .superRefine((v, ctx) => {
    if (v.frequency === "weekly" && v.weekday == null)
      ctx.addIssue({ code: "custom", message: "A weekly report needs a weekday." });
    if (v.frequency === "monthly" && v.dayOfMonth == null)
      ctx.addIssue({ code: "custom", message: "A monthly report needs a dayOfMonth." });
  });
export type ScheduleInput = z.output<typeof scheduleInput>;

/** What the API and the Analytics page answer when a schedule is saved. */
export const ScheduleMessages = {
  created: "Report scheduled",
  updated: "Report schedule updated",
  sent: (n: number) => (n === 1 ? "Report sent to 1 recipient" : `Report sent to ${n} recipients`),
} as const;

/**
 * A schedule's form fields (the Reports tab's form, posted to the Analytics page's action) as `scheduleInput` takes
 * them: numbers from their fields, the day field the frequency uses (a plain form without JavaScript sends both),
 * `enabled` unless it says "false", recipients one a line (or separated by commas).
 */
export function scheduleFromForm(fields: Record<string, string>) {
  const int = (name: string) => (fields[name] ? Number(fields[name]) : undefined);
  return {
    kind: fields.kind,
    format: fields.format,
    frequency: fields.frequency,
    hour: int("hour"),
    enabled: fields.enabled !== "false",
    recipients: (fields.recipients ?? "").split(/[\s,;]+/).filter(Boolean),
    ...(fields.frequency === "monthly" ? { dayOfMonth: int("dayOfMonth") } : { weekday: int("weekday") }),
  };
}

/** A schedule in the activity log's words: "weekly summary report (pdf)". */
export const scheduleSummary = (input: { frequency: string; kind: string; format: string }) =>
  `${input.frequency} ${input.kind} report (${input.format})`;
