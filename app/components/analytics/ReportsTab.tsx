import { useState } from "react";
import { useLocation } from "react-router";
import { FormError } from "~/components/ui/FormError";
import { Download, FileSpreadsheet, FileText, Table } from "~/components/ui/icons";
import { RefusedNote } from "~/components/ui/RefusedNote";
import { inputClass, labelClass, linkButton, primaryButton, secondaryButton } from "~/components/ui/styles";
import { formatDateTime } from "~/lib/format";
import { useMay } from "~/lib/may";
import { useFormAction } from "~/lib/use-form-action";
import { useHydrated } from "~/lib/use-hydrated";
import { hourLabel } from "./hours";
import { Section } from "./parts";
import { ReportPreview } from "./ReportPreview";
import type { Recent, Schedule } from "./types";

export const REPORTS = [
  {
    kind: "summary",
    title: "Summary Report",
    description: "Key figures, platforms, top posts and engagement. CSV: the key figures.",
  },
  {
    kind: "detailed",
    title: "Detailed Analytics",
    description: "Every analytics tab, one sheet each, and every post. CSV: every post.",
  },
  {
    kind: "growth",
    title: "Growth Report",
    description: "Followers per platform and growth rates. CSV: followers per day.",
  },
  {
    kind: "content",
    title: "Content Performance",
    description: "Content types, hashtags, top posts and every post. CSV: the content types.",
  },
] as const;
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
type Draft = Pick<Schedule, "kind" | "format" | "frequency" | "hour" | "enabled"> & {
  weekday: number;
  dayOfMonth: number;
  /** One address a line: members and clients besides the member who set it up. */
  recipients: string;
};
const NEW_DRAFT: Draft = {
  kind: "summary",
  format: "pdf",
  frequency: "weekly",
  weekday: 1,
  dayOfMonth: 1,
  hour: 9,
  enabled: true,
  recipients: "",
};

const fromSchedule = (s: Schedule): Draft => ({
  ...s,
  weekday: s.weekday ?? 1,
  dayOfMonth: s.dayOfMonth ?? 1,
  recipients: s.recipients.map((r) => r.email).join("\n"),
});

/** The URL that opens a schedule's form without JavaScript (`schedule=new` or its id), or closes it (null). */
function useScheduleHref() {
  const { pathname, search } = useLocation();
  return (schedule: string | null) => {
    const q = new URLSearchParams(search);
    if (schedule) q.set("schedule", schedule);
    else q.delete("schedule");
    return `${pathname}?${q}`;
  };
}

/**
 * A schedule's fields, posted to the Analytics action (`schedule`, with the `id` it updates). With JavaScript
 * the day field follows the frequency; without, both show and the action reads the one the frequency uses.
 */
function ScheduleForm({
  id,
  initial,
  timezone,
  onDone,
}: {
  id: string | null;
  initial: Draft;
  /** The workspace's zone, which the hour is in (whoever sets it up). */
  timezone: string;
  onDone: () => void;
}) {
  const hydrated = useHydrated();
  const href = useScheduleHref();
  const save = useFormAction("schedule", { id: id ?? "new", onSuccess: onDone });
  const [d, setD] = useState(initial);
  if (save.done) {
    return (
      <p role="status" className="mt-3 text-sm text-slate-700">
        {save.done.message}
      </p>
    );
  }
  const field = (name: string, label: string, control: React.ReactNode) => (
    <div>
      <label htmlFor={`report-${name}`} className={labelClass}>
        {label}
      </label>
      {control}
    </div>
  );
  const select = (name: keyof Draft, options: Array<[string | number, string]>) => (
    <select
      id={`report-${name}`}
      name={name}
      className={inputClass}
      value={String(d[name])}
      onChange={(e) => setD({ ...d, [name]: typeof d[name] === "number" ? Number(e.target.value) : e.target.value })}
    >
      {options.map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </select>
  );
  return (
    <form {...save.form} className="mt-3 grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-3">
      <input type="hidden" name="intent" value="schedule" />
      {id && <input type="hidden" name="id" value={id} />}
      <input type="hidden" name="enabled" value={String(d.enabled)} />
      {field(
        "kind",
        "Report",
        select(
          "kind",
          REPORTS.map((r) => [r.kind, r.title]),
        ),
      )}
      {field(
        "format",
        "Format",
        select("format", [
          ["pdf", "PDF"],
          ["xlsx", "Excel"],
          ["csv", "CSV"],
        ]),
      )}
      {field(
        "frequency",
        "Frequency",
        select("frequency", [
          ["weekly", "Weekly"],
          ["monthly", "Monthly"],
        ]),
      )}
      {(!hydrated || d.frequency === "weekly") &&
        field(
          "weekday",
          "Day",
          select(
            "weekday",
            DAYS.map((day, i) => [i, day]),
          ),
        )}
      {(!hydrated || d.frequency === "monthly") &&
        field(
          "dayOfMonth",
          "Day of month",
          select(
            "dayOfMonth",
            Array.from({ length: 28 }, (_, i) => [i + 1, String(i + 1)]),
          ),
        )}
      {field(
        "hour",
        `Time (${timezone})`,
        select(
          "hour",
          Array.from({ length: 24 }, (_, h) => [h, hourLabel(h)]),
        ),
      )}
      <div className="sm:col-span-3">
        {field(
          "recipients",
          "Also send to (one email a line: members or clients; clients can unsubscribe)",
          <textarea
            id="report-recipients"
            name="recipients"
            rows={2}
            className={inputClass}
            value={d.recipients}
            onChange={(e) => setD({ ...d, recipients: e.target.value })}
          />,
        )}
      </div>
      <div className="flex items-end gap-2">
        <button type="submit" className={primaryButton} disabled={save.busy}>
          {save.busy ? "Saving..." : "Save"}
        </button>
        {hydrated ? (
          <button type="button" className={secondaryButton} onClick={onDone}>
            Cancel
          </button>
        ) : (
          <a href={href(null)} className={secondaryButton}>
            Cancel
          </a>
        )}
      </div>
      <div className="sm:col-span-3">
        <FormError message={save.error} />
      </div>
    </form>
  );
}

/** "Send now": the schedule's report for the period ending now, mailed to its recipients. */
function SendNow({ schedule }: { schedule: Schedule }) {
  const send = useFormAction("schedule-send", { id: schedule.id });
  return (
    <form {...send.form}>
      <input type="hidden" name="intent" value="schedule-send" />
      <input type="hidden" name="id" value={schedule.id} />
      <button type="submit" className={linkButton} disabled={send.busy}>
        {send.busy ? "Sending..." : "Send now"}
      </button>
      <FormError message={send.error} />
    </form>
  );
}

/** Enable or Disable: the schedule's own fields posted again with `enabled` flipped. */
function ToggleSchedule({ schedule }: { schedule: Schedule }) {
  const d = { ...fromSchedule(schedule), enabled: !schedule.enabled };
  const toggle = useFormAction("schedule", { id: schedule.id });
  return (
    <form {...toggle.form}>
      <input type="hidden" name="intent" value="schedule" />
      <input type="hidden" name="id" value={schedule.id} />
      {(["kind", "format", "frequency", "weekday", "dayOfMonth", "hour", "enabled", "recipients"] as const).map(
        (name) => (
          <input key={name} type="hidden" name={name} value={String(d[name])} />
        ),
      )}
      <button type="submit" className={linkButton} disabled={toggle.busy}>
        {schedule.enabled ? "Disable" : "Enable"}
      </button>
      <FormError message={toggle.error} />
    </form>
  );
}

/** The report files, the caller's schedules and the recent reports (read by the page's loader). */
export function ReportsTab({
  query,
  timezone,
  scheduleTimezone,
  schedules,
  recent,
}: {
  query: string;
  timezone: string;
  /** The workspace's zone: scheduled reports go at its hour. */
  scheduleTimezone: string;
  schedules: Schedule[];
  recent: Recent[];
}) {
  const hydrated = useHydrated();
  // Scheduled reports are set up with `analytics.manage`; below it they are listed, not changed, and a line says why.
  const refused = useMay().why("analytics.manage");
  const href = useScheduleHref();
  const opened = new URLSearchParams(useLocation().search).get("schedule");
  const [chosen, setEditing] = useState<string | "new" | null>(null);
  // With JavaScript the form opens in place; without, by the URL (`?schedule=new` or the schedule's id).
  const editing = hydrated ? chosen : opened;
  const open = (schedule: string, label: string, className: string) =>
    hydrated ? (
      <button type="button" className={className} onClick={() => setEditing(schedule)}>
        {label}
      </button>
    ) : (
      <a href={href(schedule)} className={className}>
        {label}
      </a>
    );

  return (
    <div className="space-y-6">
      <ul className="grid gap-4 md:grid-cols-2">
        {REPORTS.map((r) => (
          <li key={r.kind} className="rounded-lg border border-slate-200 bg-surface p-4 shadow-sm">
            <h3 className="font-semibold">{r.title}</h3>
            <p className="mt-1 text-sm text-slate-500">{r.description}</p>
            <div className="mt-3 flex gap-2">
              <a
                className={primaryButton}
                href={`/api/analytics/export?format=pdf&report=${r.kind}&${query}`}
                download
                aria-label={`${r.title} PDF`}
              >
                <FileText className="size-4" aria-hidden /> PDF
              </a>
              <a
                className={secondaryButton}
                href={`/api/analytics/export?format=xlsx&report=${r.kind}&${query}`}
                download
                aria-label={`${r.title} Excel`}
              >
                <FileSpreadsheet className="size-4" aria-hidden /> Excel
              </a>
              <a
                className={secondaryButton}
                href={`/api/analytics/export?format=csv&report=${r.kind}&${query}`}
                download
                aria-label={`${r.title} CSV`}
              >
                <Table className="size-4" aria-hidden /> CSV
              </a>
            </div>
            <ReportPreview src={`/api/analytics/export?format=pdf&report=${r.kind}&${query}`} title={r.title} />
          </li>
        ))}
      </ul>

      <Section title="Scheduled Reports">
        {schedules.length === 0 && <p className="text-sm text-slate-500">No scheduled reports yet.</p>}
        <ul className="divide-y divide-slate-100">
          {schedules.map((s) => (
            <li key={s.id} className="py-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-sm">
                  {s.description} ({s.format.toUpperCase()})
                  {!s.enabled && (
                    <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">Disabled</span>
                  )}
                </span>
                {s.recipients.length > 0 && (
                  <span className="w-full text-xs text-slate-600">
                    Also to {s.recipients.map((r) => `${r.email}${r.unsubscribed ? " (unsubscribed)" : ""}`).join(", ")}
                  </span>
                )}
                {!refused && (
                  <span className="flex gap-3">
                    {open(s.id, "Edit", linkButton)}
                    <SendNow schedule={s} />
                    <ToggleSchedule schedule={s} />
                  </span>
                )}
              </div>
              {editing === s.id && (
                <ScheduleForm
                  id={s.id}
                  initial={fromSchedule(s)}
                  timezone={scheduleTimezone}
                  onDone={() => setEditing(null)}
                />
              )}
            </li>
          ))}
        </ul>
        {refused ? (
          <RefusedNote id="schedule-refused" why={refused} />
        ) : editing === "new" ? (
          <ScheduleForm id={null} initial={NEW_DRAFT} timezone={scheduleTimezone} onDone={() => setEditing(null)} />
        ) : (
          open("new", "Schedule New Report", `${secondaryButton} mt-3`)
        )}
      </Section>

      <Section title="Recent Reports">
        {recent.length === 0 ? (
          <p className="text-sm text-slate-500">Scheduled reports appear here once they have been generated.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {recent.map((r) => (
              <li key={r.id} className="flex items-center justify-between py-2 text-sm">
                <span>
                  {REPORTS.find((k) => k.kind === r.kind)?.title} ({r.format.toUpperCase()}) ·{" "}
                  {formatDateTime(r.createdAt, timezone)}
                </span>
                <a className={linkButton} href={r.downloadUrl} download>
                  <Download className="mr-1 inline size-4" aria-hidden />
                  Download
                </a>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
