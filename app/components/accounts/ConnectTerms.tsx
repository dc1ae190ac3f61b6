import { primaryButton } from "~/components/ui/styles";
import { useFormAction } from "~/lib/use-form-action";
import { type ConnectOption, startUrl, TERMS } from "./connect-options";

/**
 * A connect option's terms and its next step (the consent start, a Mastodon server, a Bluesky handle or app
 * password): in a chunk of its own, fetched when a connect dialog first opens (first-load budget, ADR 104).
 */
export function ConnectTerms({
  option,
  cancel,
  onConnected,
}: {
  option: ConnectOption;
  cancel: React.ReactNode;
  onConnected: () => void;
}) {
  return (
    <>
      <div className="my-4 space-y-2 text-sm text-gray-700">
        {TERMS[option.terms].scopes ? (
          <p>
            {option.title} will ask for: <strong>{TERMS[option.terms].scopes!.join(", ")}</strong>.
          </p>
        ) : null}
        <p>
          <strong>Data we collect:</strong> your account's name, picture, follower counts and the content you publish
          through us.
        </p>
        <p>
          <strong>How we use and share it:</strong> only to publish, schedule and report on your posts; we never sell
          it.
        </p>
        <p>
          <strong>Security:</strong> access tokens are stored encrypted and are never shown to anyone.
        </p>
        <p>
          <strong>Your rights:</strong> access, update or disconnect your accounts at any time, and request deletion of
          your data.
        </p>
        <p>
          Cookies, third-party links, changes to these terms and how to contact us are covered in the full privacy
          policy.
        </p>
      </div>
      {option.terms === "bluesky" ? (
        <BlueskyConnectForm cancel={cancel} onConnected={onConnected} />
      ) : (
        <div className="flex justify-end gap-2">
          {cancel}
          {/* The consent start is a navigation: the platform's page, then back here. */}
          {option.asksInstance ? null : (
            <a href={startUrl(option)} className={primaryButton}>
              {TERMS[option.terms].button}
            </a>
          )}
        </div>
      )}
      {option.asksInstance ? (
        // A plain GET to the consent start with the server's domain: works without JavaScript too.
        <form method="get" action={startUrl(option)} className="mt-3 flex flex-wrap items-end gap-2">
          <label className="flex min-w-0 flex-1 flex-col text-sm">
            <span className="font-medium">Your Mastodon server</span>
            <input
              name="instance"
              required
              placeholder="mastodon.social"
              autoComplete="url"
              spellCheck={false}
              className="mt-1 rounded-md border px-3 py-2"
            />
          </label>
          <button type="submit" className={primaryButton}>
            {TERMS[option.terms].button}
          </button>
        </form>
      ) : null}
    </>
  );
}

/**
 * Bluesky connects with AT Protocol OAuth from the handle (a plain GET to the consent start: the account's own
 * server's consent page, then back here). Servers without OAuth take an app password instead (bsky.app → Settings →
 * Privacy and security → App passwords): Postline keeps the session's tokens, encrypted, and never the password.
 */
function BlueskyConnectForm({ cancel, onConnected }: { cancel: React.ReactNode; onConnected: () => void }) {
  return (
    <div className="space-y-3">
      <form method="get" action={startUrl({ platform: "bluesky" })} className="space-y-3">
        <label className="block text-sm">
          <span className="font-medium">Your Bluesky handle</span>
          <input
            name="instance"
            required
            autoComplete="username"
            placeholder="name.bsky.social"
            spellCheck={false}
            className="mt-1 w-full rounded-md border px-3 py-2"
          />
          <span className="mt-1 block text-xs text-gray-500">
            You approve Postline on your Bluesky server&apos;s own page; no password is given to Postline.
          </span>
        </label>
        <div className="flex justify-end gap-2">
          {cancel}
          <button type="submit" className={primaryButton}>
            Continue with Bluesky
          </button>
        </div>
      </form>
      {/* A disclosure, not state: it opens without JavaScript too. */}
      <details className="rounded-md border px-3 py-2">
        <summary className="cursor-pointer text-sm font-medium">Use an app password instead</summary>
        <div className="mt-3">
          <AppPasswordForm onConnected={onConnected} />
        </div>
      </details>
    </div>
  );
}

function AppPasswordForm({ onConnected }: { onConnected: () => void }) {
  const action = useFormAction("bluesky-connect", { onSuccess: onConnected });
  return (
    <form {...action.form} className="space-y-3">
      <input type="hidden" name="intent" value="bluesky-connect" />
      <label className="block text-sm">
        <span className="font-medium">Handle</span>
        <input
          name="identifier"
          required
          autoComplete="username"
          placeholder="name.bsky.social"
          className="mt-1 w-full rounded-md border px-3 py-2"
        />
      </label>
      <label className="block text-sm">
        <span className="font-medium">App password</span>
        <input
          name="appPassword"
          type="password"
          required
          autoComplete="off"
          placeholder="xxxx-xxxx-xxxx-xxxx"
          className="mt-1 w-full rounded-md border px-3 py-2"
        />
        <span className="mt-1 block text-xs text-gray-500">
          Create one in Bluesky under Settings → Privacy and security → App passwords. Never use your account password.
        </span>
      </label>
      {action.error ? (
        <p role="alert" className="text-sm text-red-700">
          {action.error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <button type="submit" disabled={action.busy} className={primaryButton}>
          {action.busy ? "Connecting…" : "Connect with app password"}
        </button>
      </div>
    </form>
  );
}
