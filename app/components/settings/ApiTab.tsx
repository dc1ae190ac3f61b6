import { useRef, useState } from "react";
import { Form } from "react-router";
import { FormError } from "~/components/ui/FormError";
import { GetFormButton } from "~/components/ui/GetFormButton";
import { inputClass, labelClass, linkButton, primaryButton, secondaryButton } from "~/components/ui/styles";
import { copyText } from "~/lib/copy-text";
import { formatDateTime } from "~/lib/format";
import { useFormAction } from "~/lib/use-form-action";
import { useHydrated } from "~/lib/use-hydrated";
import type { developerTabData, SecretReply } from "~/routes/settings-developer.server";
import { API_KEY_SCOPES, WEBHOOK_EVENTS } from "../../../workers/db/schema/value-lists";
import { DELIVERY_LOG } from "./delivery-log";
import type { Notify } from "./NotificationBanner";
import { RowAction } from "./RowAction";

export type ApiTabData = NonNullable<Awaited<ReturnType<typeof developerTabData>>["apiTab"]>;
type Webhooks = NonNullable<ApiTabData["webhooks"]>;
type SecretFields = Extract<SecretReply, { ok: true }>;

/** The GET form behind "Done" without JavaScript: reloading the tab is what hides a secret shown once. */
const CLOSE_SECRET = "api-secret-done";

const when = (iso: string | null, timezone: string, never = "Never") => (iso ? formatDateTime(iso, timezone) : never);

/**
 * A create form's secret, shown once: with JavaScript from the fetcher's reply, without it from the page's
 * (the action's answer renders it in this response only). The form clears after a success.
 */
function useCreate(intent: string, notify: Notify) {
  const form = useRef<HTMLFormElement>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const create = useFormAction<SecretFields>(intent, {
    announce: notify,
    onSuccess: (reply) => {
      form.current?.reset();
      setSecret(reply.secret ?? null);
    },
  });
  return { create, form, secret: secret ?? create.done?.secret ?? null, hide: () => setSecret(null) };
}

/**
 * A secret shown once, with a Copy button: the only time the user can take it. Where the browser refuses the
 * clipboard, the secret is selected and the user is told to copy it themselves, rather than a button that does nothing.
 */
function ShownOnce({ label, value, onDone }: { label: string; value: string; onDone: () => void }) {
  const hydrated = useHydrated();
  const field = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<"idle" | "copied" | "refused">("idle");
  return (
    <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3" role="status">
      <p className="text-sm text-amber-900">{label} Copy it now: it is shown only once.</p>
      <div className="flex gap-2">
        <input ref={field} readOnly value={value} aria-label={label} className={`${inputClass} font-mono`} />
        {hydrated && (
          <button
            type="button"
            className={secondaryButton}
            onClick={async () => {
              const copied = await copyText(value);
              if (!copied) field.current?.select();
              setCopy(copied ? "copied" : "refused");
            }}
          >
            {copy === "copied" ? "Copied" : "Copy"}
          </button>
        )}
        <form id={CLOSE_SECRET} method="get" hidden>
          <input type="hidden" name="tab" value="api" />
        </form>
        <GetFormButton form={CLOSE_SECRET} className={secondaryButton} onClick={onDone}>
          Done
        </GetFormButton>
      </div>
      {copy === "refused" && (
        <p className="text-sm text-amber-900">
          This browser did not let Postline copy it: it is selected, press Ctrl+C (⌘C on a Mac).
        </p>
      )}
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
export function ApiTab({ data, timezone, notify }: { data: ApiTabData; timezone: string; notify: Notify }) {
  const { create, form, secret, hide } = useCreate("key-create", notify);
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
        {secret && <ShownOnce label="Your new API key." value={secret} onDone={hide} />}
        <form ref={form} {...create.form} aria-label="Create an API key" className="max-w-lg space-y-3">
          <input type="hidden" name="intent" value="key-create" />
          <label className={labelClass}>
            Key name
            <input name="name" required maxLength={100} className={inputClass} placeholder="Zapier" />
          </label>
          <fieldset>
            <legend className={labelClass}>Scopes</legend>
            <Checkboxes name="scopes" options={API_KEY_SCOPES} checked={["read"]} />
          </fieldset>
          <label className={labelClass}>
            Expires (optional, end of the day in your timezone)
            <input name="expires" type="date" className={inputClass} />
          </label>
          <FormError message={create.error} />
          <button type="submit" className={primaryButton} disabled={create.busy}>
            {create.busy ? "Creating..." : "Create key"}
          </button>
        </form>
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200" aria-label="Your API keys">
          {data.keys.length === 0 && <li className="p-3 text-sm text-slate-500">No keys yet.</li>}
          {data.keys.map((k) => (
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
                <RowAction
                  intent="key-revoke"
                  id={k.id}
                  label={`Revoke ${k.name}`}
                  busyLabel="Revoking..."
                  notify={notify}
                >
                  Revoke
                </RowAction>
              )}
            </li>
          ))}
        </ul>
      </section>
      {data.webhooks && <WebhookSection webhooks={data.webhooks} timezone={timezone} notify={notify} />}
    </div>
  );
}

function WebhookSection({ webhooks, timezone, notify }: { webhooks: Webhooks; timezone: string; notify: Notify }) {
  const { create, form, secret, hide } = useCreate("webhook-create", notify);
  const { endpoints, log } = webhooks;
  return (
    <section aria-labelledby="webhooks" className="space-y-4">
      <h2 id="webhooks" className="text-lg font-semibold text-slate-900">
        Webhooks
      </h2>
      <p className="text-sm text-slate-600">
        Postline POSTs each event to your URL, signed per Standard Webhooks with the endpoint's secret; failed
        deliveries are retried, and an endpoint failing for 3 days is disabled.
      </p>
      {secret && <ShownOnce label="The endpoint's signing secret." value={secret} onDone={hide} />}
      <form ref={form} {...create.form} aria-label="Add a webhook endpoint" className="max-w-lg space-y-3">
        <input type="hidden" name="intent" value="webhook-create" />
        <label className={labelClass}>
          Endpoint URL
          <input name="url" type="url" required className={inputClass} placeholder="https://example.com/postline" />
        </label>
        <fieldset>
          <legend className={labelClass}>Events</legend>
          <Checkboxes name="events" options={WEBHOOK_EVENTS} checked={["post.published", "post.failed"]} />
        </fieldset>
        <FormError message={create.error} />
        <button type="submit" className={primaryButton} disabled={create.busy}>
          {create.busy ? "Adding..." : "Add endpoint"}
        </button>
      </form>
      <ul className="space-y-3" aria-label="Webhook endpoints">
        {endpoints.map((ep) => {
          const open = log?.endpointId === ep.id;
          return (
            <li key={ep.id} className="rounded-md border border-slate-200 p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div>
                  <p className="font-mono text-slate-900">{ep.url}</p>
                  <p className="text-slate-500">
                    {ep.events.join(", ")} · {ep.enabled ? "Enabled" : "Disabled"}
                  </p>
                </div>
                <div className="flex gap-2">
                  {/* The open log is the URL's (?log=), so it opens as a plain GET too. */}
                  <Form method="get" preventScrollReset replace>
                    <input type="hidden" name="tab" value="api" />
                    <button
                      type="submit"
                      className={secondaryButton}
                      aria-expanded={open}
                      name={open ? undefined : DELIVERY_LOG}
                      value={open ? undefined : ep.id}
                    >
                      Delivery log
                    </button>
                  </Form>
                  <RowAction intent="webhook-test" id={ep.id} busyLabel="Sending..." notify={notify}>
                    Send test event
                  </RowAction>
                  <RowAction
                    intent="webhook-toggle"
                    id={ep.id}
                    fields={{ enabled: String(!ep.enabled) }}
                    busyLabel="Saving..."
                    notify={notify}
                  >
                    {ep.enabled ? "Disable" : "Enable"}
                  </RowAction>
                  <RowAction intent="webhook-delete" id={ep.id} busyLabel="Removing..." notify={notify}>
                    Remove
                  </RowAction>
                </div>
              </div>
              {open && (
                <DeliveryLog endpointId={ep.id} deliveries={log.deliveries} timezone={timezone} notify={notify} />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function DeliveryLog({
  endpointId,
  deliveries,
  timezone,
  notify,
}: {
  endpointId: string;
  deliveries: NonNullable<Webhooks["log"]>["deliveries"];
  timezone: string;
  notify: Notify;
}) {
  return (
    <div className="mt-3 space-y-2">
      <Form method="get" preventScrollReset replace>
        <input type="hidden" name="tab" value="api" />
        <input type="hidden" name={DELIVERY_LOG} value={endpointId} />
        <button type="submit" className={linkButton}>
          Refresh
        </button>
      </Form>
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
                  <RowAction
                    intent="delivery-resend"
                    id={d.id}
                    busyLabel="Sending..."
                    className={linkButton}
                    notify={notify}
                  >
                    Re-send
                  </RowAction>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
