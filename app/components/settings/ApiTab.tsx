import { type FormEvent, useCallback, useEffect, useState } from "react";
import { inputClass, labelClass, linkButton, primaryButton, secondaryButton } from "~/components/ui/styles";
import { api } from "~/lib/api";
import { formatDateTime } from "~/lib/format";
import { API_KEY_SCOPES, WEBHOOK_EVENTS } from "../../../workers/db/schema/value-lists";
import { can, type Role } from "../../../workers/workspaces/roles";
import type { Notify } from "./NotificationBanner";

interface ApiKey {
  id: string;
  name: string;
  scopes: string[];
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
  active: boolean;
}
interface Endpoint {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
}
interface Delivery {
  id: string;
  event: string;
  status: string;
  createdAt: string | null;
  attempts: Array<{ statusCode: number | null; ok: boolean; latencyMs: number; excerpt: string }>;
}

const when = (iso: string | null, timezone: string, never = "Never") => (iso ? formatDateTime(iso, timezone) : never);

/** Creates from a form's fields; answers the created data (its secret is shown once) or null after showing the error. */
async function createFromForm<T>(
  e: FormEvent<HTMLFormElement>,
  path: string,
  notify: Notify,
  body: (f: FormData) => unknown,
): Promise<T | null> {
  e.preventDefault();
  const form = e.currentTarget;
  const res = await api<T>(path, { json: body(new FormData(form)) });
  if (!res.ok) {
    notify("error", res.message);
    return null;
  }
  form.reset();
  return res.data;
}

/** A secret shown once, with a Copy button: the only time the user can take it. */
function ShownOnce({ label, value, onDone }: { label: string; value: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3" role="status">
      <p className="text-sm text-amber-900">{label} Copy it now: it is shown only once.</p>
      <div className="flex gap-2">
        <input readOnly value={value} aria-label={label} className={`${inputClass} font-mono`} />
        <button
          type="button"
          className={secondaryButton}
          onClick={async () => {
            await navigator.clipboard.writeText(value);
            setCopied(true);
          }}
        >
          {copied ? "Copied" : "Copy"}
        </button>
        <button type="button" className={secondaryButton} onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}

function Checkboxes({ name, options, checked }: { name: string; options: readonly string[]; checked: string[] }) {
  return (
    <div className="flex flex-wrap gap-x-4 gap-y-1">
      {options.map((o) => (
        <label key={o} className="flex items-center gap-1 text-sm text-slate-700">
          <input type="checkbox" name={name} value={o} defaultChecked={checked.includes(o)} />
          {o}
        </label>
      ))}
    </div>
  );
}

/** Settings → API: the member's API keys, and (owners and admins) the workspace's webhook endpoints. */
export function ApiTab({ role, timezone, notify }: { role: Role; timezone: string; notify: Notify }) {
  const [keys, setKeys] = useState<ApiKey[]>([]);
  const [newToken, setNewToken] = useState<string | null>(null);
  const load = useCallback(async () => {
    const res = await api<ApiKey[]>("/api/keys");
    if (res.ok) setKeys(res.data);
  }, []);
  useEffect(() => void load(), [load]);

  return (
    <div className="space-y-10">
      <section aria-labelledby="api-keys" className="space-y-4">
        <h2 id="api-keys" className="text-lg font-semibold text-slate-900">
          API keys
        </h2>
        <p className="text-sm text-slate-600">
          Send a key as <code>Authorization: Bearer pl_…</code> to the API (
          <a className={linkButton} href="/api/docs">
            reference
          </a>
          ) or to the MCP server at <code>/mcp</code>. A key acts as you in this workspace, limited to its scopes.
        </p>
        {newToken && <ShownOnce label="Your new API key." value={newToken} onDone={() => setNewToken(null)} />}
        <form
          aria-label="Create an API key"
          className="max-w-lg space-y-3"
          onSubmit={(e) =>
            createFromForm<{ token: string }>(e, "/api/keys", notify, (f) => {
              const expires = String(f.get("expires") ?? "");
              return {
                name: f.get("name"),
                scopes: f.getAll("scopes"),
                ...(expires ? { expiresAt: new Date(`${expires}T23:59:59`).toISOString() } : {}),
              };
            }).then((data) => {
              if (data) setNewToken(data.token);
              void load();
            })
          }
        >
          <label className={labelClass}>
            Key name
            <input name="name" required maxLength={100} className={inputClass} placeholder="Zapier" />
          </label>
          <fieldset>
            <legend className={labelClass}>Scopes</legend>
            <Checkboxes name="scopes" options={API_KEY_SCOPES} checked={["read"]} />
          </fieldset>
          <label className={labelClass}>
            Expires (optional)
            <input name="expires" type="date" className={inputClass} />
          </label>
          <button type="submit" className={primaryButton}>
            Create key
          </button>
        </form>
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200" aria-label="Your API keys">
          {keys.length === 0 && <li className="p-3 text-sm text-slate-500">No keys yet.</li>}
          {keys.map((k) => (
            <li key={k.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
              <div>
                <p className="font-medium text-slate-900">{k.name}</p>
                <p className="text-slate-500">
                  {k.scopes.join(", ")} · Last used: {when(k.lastUsedAt, timezone)}
                  {k.expiresAt ? ` · Expires ${when(k.expiresAt, timezone)}` : ""}
                  {k.revokedAt ? " · Revoked" : !k.active ? " · Expired" : ""}
                </p>
              </div>
              {!k.revokedAt && (
                <button
                  type="button"
                  className={secondaryButton}
                  aria-label={`Revoke ${k.name}`}
                  onClick={async () => {
                    const res = await api(`/api/keys/${k.id}`, { method: "DELETE" });
                    notify(res.ok ? "success" : "error", res.message);
                    void load();
                  }}
                >
                  Revoke
                </button>
              )}
            </li>
          ))}
        </ul>
      </section>
      {can(role, "webhooks.manage") && <Webhooks timezone={timezone} notify={notify} />}
    </div>
  );
}

function Webhooks({ timezone, notify }: { timezone: string; notify: Notify }) {
  const [endpoints, setEndpoints] = useState<Endpoint[]>([]);
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const load = useCallback(async () => {
    const res = await api<{ endpoints: Endpoint[] }>("/api/webhooks");
    if (res.ok) setEndpoints(res.data.endpoints);
  }, []);
  useEffect(() => void load(), [load]);

  async function run(path: string, init: Parameters<typeof api>[1]) {
    const res = await api(path, init);
    notify(res.ok ? "success" : "error", res.message);
    void load();
  }

  return (
    <section aria-labelledby="webhooks" className="space-y-4">
      <h2 id="webhooks" className="text-lg font-semibold text-slate-900">
        Webhooks
      </h2>
      <p className="text-sm text-slate-600">
        Postline POSTs each event to your URL, signed per Standard Webhooks with the endpoint's secret; failed
        deliveries are retried, and an endpoint failing for 3 days is disabled.
      </p>
      {secret && <ShownOnce label="The endpoint's signing secret." value={secret} onDone={() => setSecret(null)} />}
      <form
        aria-label="Add a webhook endpoint"
        className="max-w-lg space-y-3"
        onSubmit={(e) =>
          createFromForm<{ secret: string }>(e, "/api/webhooks", notify, (f) => ({
            url: f.get("url"),
            events: f.getAll("events"),
          })).then((data) => {
            if (data) setSecret(data.secret);
            void load();
          })
        }
      >
        <label className={labelClass}>
          Endpoint URL
          <input name="url" type="url" required className={inputClass} placeholder="https://example.com/postline" />
        </label>
        <fieldset>
          <legend className={labelClass}>Events</legend>
          <Checkboxes name="events" options={WEBHOOK_EVENTS} checked={["post.published", "post.failed"]} />
        </fieldset>
        <button type="submit" className={primaryButton}>
          Add endpoint
        </button>
      </form>
      <ul className="space-y-3" aria-label="Webhook endpoints">
        {endpoints.map((ep) => (
          <li key={ep.id} className="rounded-md border border-slate-200 p-3 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div>
                <p className="font-mono text-slate-900">{ep.url}</p>
                <p className="text-slate-500">
                  {ep.events.join(", ")} · {ep.enabled ? "Enabled" : "Disabled"}
                </p>
              </div>
              <div className="flex gap-2">
                <button
                  type="button"
                  className={secondaryButton}
                  aria-expanded={open === ep.id}
                  onClick={() => setOpen(open === ep.id ? null : ep.id)}
                >
                  Delivery log
                </button>
                <button
                  type="button"
                  className={secondaryButton}
                  onClick={() => run(`/api/webhooks/${ep.id}`, { method: "PATCH", json: { enabled: !ep.enabled } })}
                >
                  {ep.enabled ? "Disable" : "Enable"}
                </button>
                <button
                  type="button"
                  className={secondaryButton}
                  onClick={() => run(`/api/webhooks/${ep.id}`, { method: "DELETE" })}
                >
                  Remove
                </button>
              </div>
            </div>
            {open === ep.id && <DeliveryLog endpointId={ep.id} timezone={timezone} notify={notify} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

function DeliveryLog({ endpointId, timezone, notify }: { endpointId: string; timezone: string; notify: Notify }) {
  const [deliveries, setDeliveries] = useState<Delivery[] | null>(null);
  const load = useCallback(async () => {
    const res = await api<{ deliveries: Delivery[] }>(`/api/webhooks/${endpointId}/deliveries`);
    if (res.ok) setDeliveries(res.data.deliveries);
  }, [endpointId]);
  useEffect(() => void load(), [load]);

  if (!deliveries) return <p className="mt-3 text-slate-500">Loading deliveries…</p>;
  return (
    <div className="mt-3 space-y-2">
      <button type="button" className={linkButton} onClick={() => void load()}>
        Refresh
      </button>
      {deliveries.length === 0 && <p className="text-slate-500">No deliveries yet.</p>}
      <table className="w-full text-left" aria-label="Deliveries">
        <tbody>
          {deliveries.map((d) => {
            const last = d.attempts.at(-1);
            return (
              <tr key={d.id} className="border-t border-slate-100 align-top">
                <td className="py-2 pr-2">{d.event}</td>
                <td className="py-2 pr-2">{d.status}</td>
                <td className="py-2 pr-2">
                  {d.attempts.length} attempt{d.attempts.length === 1 ? "" : "s"}
                  {last && ` · last: ${last.statusCode ?? "no answer"} in ${last.latencyMs} ms`}
                  {last?.excerpt && <span className="block truncate text-slate-500">{last.excerpt}</span>}
                </td>
                <td className="py-2 pr-2 text-slate-500">{when(d.createdAt, timezone, "")}</td>
                <td className="py-2">
                  <button
                    type="button"
                    className={linkButton}
                    onClick={async () => {
                      const res = await api(`/api/webhooks/deliveries/${d.id}/resend`, { method: "POST" });
                      notify(res.ok ? "success" : "error", res.message);
                      void load();
                    }}
                  >
                    Re-send
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
