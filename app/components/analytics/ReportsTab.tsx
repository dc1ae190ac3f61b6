import { Download, FileSpreadsheet, FileText, Table } from "lucide-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { inputClass, labelClass, linkButton, primaryButton, secondaryButton } from "~/components/ui/styles";
import { api } from "~/lib/api";
import { formatDateTime } from "~/lib/format";
import { notify } from "~/lib/notify";
import { hourLabel } from "./hours";
import { Section } from "./parts";
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
};
const NEW_DRAFT: Draft = {
  kind: "summary",
  format: "pdf",
  frequency: "weekly",
  weekday: 1,
  dayOfMonth: 1,
  hour: 9,
  enabled: true,
};

const toInput = (d: Draft) => ({
  kind: d.kind,
  format: d.format,
  frequency: d.frequency,
  hour: d.hour,
  enabled: d.enabled,
  ...(d.frequency === "weekly" ? { weekday: d.weekday } : { dayOfMonth: d.dayOfMonth }),
});
const fromSchedule = (s: Schedule): Draft => ({ ...s, weekday: s.weekday ?? 1, dayOfMonth: s.dayOfMonth ?? 1 });

function ScheduleForm({
  initial,
  onSave,
  onCancel,
}: {
  initial: Draft;
  onSave: (d: Draft) => Promise<boolean>;
  onCancel: () => void;
}) {
  const [d, setD] = useState(initial);
  const [saving, setSaving] = useState(false);
  const field = (id: string, label: string, control: React.ReactNode) => (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {control}
    </div>
  );
  return (
    <form
      className="mt-3 grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-3"
      onSubmit={async (e) => {
        e.preventDefault();
        setSaving(true);
        if (!(await onSave(d))) setSaving(false);
      }}
    >
      {field(
        "report-kind",
        "Report",
        <select
          id="report-kind"
          className={inputClass}
          value={d.kind}
          onChange={(e) => setD({ ...d, kind: e.target.value as Draft["kind"] })}
        >
          {REPORTS.map((r) => (
            <option key={r.kind} value={r.kind}>
              {r.title}
            </option>
          ))}
        </select>,
      )}
      {field(
        "report-format",
        "Format",
        <select
          id="report-format"
          className={inputClass}
          value={d.format}
          onChange={(e) => setD({ ...d, format: e.target.value as Draft["format"] })}
        >
          <option value="pdf">PDF</option>
          <option value="xlsx">Excel</option>
          <option value="csv">CSV</option>
        </select>,
      )}
      {field(
        "report-frequency",
        "Frequency",
        <select
          id="report-frequency"
          className={inputClass}
          value={d.frequency}
          onChange={(e) => setD({ ...d, frequency: e.target.value as Draft["frequency"] })}
        >
          <option value="weekly">Weekly</option>
          <option value="monthly">Monthly</option>
        </select>,
      )}
      {d.frequency === "weekly"
        ? field(
            "report-weekday",
            "Day",
            <select
              id="report-weekday"
              className={inputClass}
              value={d.weekday}
              onChange={(e) => setD({ ...d, weekday: Number(e.target.value) })}
            >
              {DAYS.map((day, i) => (
                <option key={day} value={i}>
                  {day}
                </option>
              ))}
            </select>,
          )
        : field(
            "report-day",
            "Day of month",
            <select
              id="report-day"
              className={inputClass}
              value={d.dayOfMonth}
              onChange={(e) => setD({ ...d, dayOfMonth: Number(e.target.value) })}
            >
              {Array.from({ length: 28 }, (_, i) => (
                <option key={i + 1} value={i + 1}>
                  {i + 1}
                </option>
              ))}
            </select>,
          )}
      {field(
        "report-hour",
        "Time",
        <select
          id="report-hour"
          className={inputClass}
          value={d.hour}
          onChange={(e) => setD({ ...d, hour: Number(e.target.value) })}
        >
          {Array.from({ length: 24 }, (_, h) => (
            <option key={h} value={h}>
              {hourLabel(h)}
            </option>
          ))}
        </select>,
      )}
      <div className="flex items-end gap-2">
        <button type="submit" className={primaryButton} disabled={saving}>
          {saving ? "Saving..." : "Save"}
        </button>
        <button type="button" className={secondaryButton} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The report files, the caller's schedules and the recent reports (read by the page's loader). */
export function ReportsTab({
  query,
  timezone,
  schedules,
  recent,
}: {
  query: string;
  timezone: string;
  schedules: Schedule[];
  recent: Recent[];
}) {
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<string | "new" | null>(null);

  const save = async (id: string | null, d: Draft) => {
    const r = await api<Schedule>(id ? `/api/analytics/reports/schedules/${id}` : "/api/analytics/reports/schedules", {
      method: id ? "PUT" : "POST",
      json: toInput(d),
    });
    if (!r.ok) {
      notify.error(r.message);
      return false;
    }
    notify.success(r.message);
    setEditing(null);
    await revalidator.revalidate();
    return true;
  };

  return (
    <div className="space-y-6">
      <ul className="grid gap-4 md:grid-cols-2">
        {REPORTS.map((r) => (
          <li key={r.kind} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
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
                <span className="flex gap-3">
                  <button type="button" className={linkButton} onClick={() => setEditing(s.id)}>
                    Edit
                  </button>
                  <button
                    type="button"
                    className={linkButton}
                    onClick={() => save(s.id, { ...fromSchedule(s), enabled: !s.enabled })}
                  >
                    {s.enabled ? "Disable" : "Enable"}
                  </button>
                </span>
              </div>
              {editing === s.id && (
                <ScheduleForm
                  initial={fromSchedule(s)}
                  onSave={(d) => save(s.id, d)}
                  onCancel={() => setEditing(null)}
                />
              )}
            </li>
          ))}
        </ul>
        {editing === "new" ? (
          <ScheduleForm initial={NEW_DRAFT} onSave={(d) => save(null, d)} onCancel={() => setEditing(null)} />
        ) : (
          <button type="button" className={`${secondaryButton} mt-3`} onClick={() => setEditing("new")}>
            Schedule New Report
          </button>
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
