import { useEffect, useState } from "react";
import { Link, useActionData, useFetcher, useRouteLoaderData, useSearchParams } from "react-router";
import { PlatformMark } from "~/components/platforms/PlatformMark";
import { Dialog } from "~/components/ui/on-demand-dialog";
import { RefusedNote } from "~/components/ui/RefusedNote";
import { accountName } from "~/lib/account-name";
import { formatDateTime } from "~/lib/format";
import { useMay } from "~/lib/may";
import { notify } from "~/lib/notify";
import { useEachReply } from "~/lib/use-each-reply";
import { useHydrated } from "~/lib/use-hydrated";
import type { loader as appLoader } from "~/routes/app-layout";
import type { accountsTabData, DisconnectReply } from "~/routes/settings-accounts.server";
import { PLATFORM_META } from "../platforms/platform-options";
import { OPTIONS, startUrl, TERMS } from "./connect-options";
import { ConnectTerms, LocationPicker } from "./connect-panels";
import { type AccountCard, connectButtonLabel, groupAccounts, healthLine } from "./grouping";

/**
 * Settings → Social Accounts (SPEC §2, §4): grouped cards (from the page's loader), connect with terms,
 * disconnect with confirmation through the page's action (settings-accounts.server.ts). Which dialog is open is
 * the URL's (`?connect=pick|<option>`, `?disconnect=<id>`), so each step also works without JavaScript.
 */
export type AccountsTabData = Awaited<ReturnType<typeof accountsTabData>>;
type AffectedPost = AccountsTabData["waiting"][string][number];

/** Settings → Social Accounts with a dialog open: the dialogs are the URL's, so they work without JavaScript. */
const ACCOUNTS = "?tab=accounts";
const withDialog = (name: "connect" | "disconnect", value: string) =>
  `${ACCOUNTS}&${name}=${encodeURIComponent(value)}`;
const linkProps = { replace: true, preventScrollReset: true } as const;

export function AccountsTab({ data }: { data: AccountsTabData }) {
  const { accounts, waiting } = data;
  const hydrated = useHydrated();
  const refused = useMay().why("accounts.manage");
  // The posts a disconnect would hold show their time in the user's timezone, on the server as in the browser.
  const timezone = useRouteLoaderData<typeof appLoader>("app")?.user.timezone ?? "UTC";
  const [params, setParams] = useSearchParams();
  const groups = groupAccounts(accounts);
  const connect = params.get("connect");
  const terms = OPTIONS.find((o) => o.key === connect) ?? null;
  const toRemove = groups.flatMap((g) => g.cards).find((c) => c.id === params.get("disconnect")) ?? null;
  const close = () =>
    setParams(
      (p) => {
        p.delete("connect");
        p.delete("disconnect");
        return p;
      },
      { replace: true, preventScrollReset: true },
    );

  const disconnect = useFetcher<DisconnectReply>();
  // Without JavaScript the disconnect form is a plain post and its reply renders in this page.
  const posted = useActionData() as DisconnectReply | undefined;
  const plainReply = posted?.intent === "account-disconnect" && !posted.ok ? posted : null;
  /** The action's answer when scheduled posts use the account: their channels will wait for a reconnect. */
  const [affected, setAffected] = useState<{ message: string; posts: AffectedPost[] } | null>(null);
  const ask = affected ?? plainReply?.ask ?? null;
  // A success closes the dialog (the loader then reads the accounts again); the confirmation step shows in it.
  useEachReply(disconnect.data, (reply) => {
    if (reply.ok) {
      notify.success(reply.message);
      setAffected(null);
    } else if (reply.ask) setAffected(reply.ask);
    else notify.error(reply.message);
  });
  useEffect(() => {
    if (!toRemove) setAffected(null);
  }, [toRemove]);

  // The OAuth callback lands here with ?connected=<platform> or ?error=<message>: toast once, then tidy the URL.
  useEffect(() => {
    const connected = params.get("connected");
    const error = params.get("error");
    if (!connected && !error) return;
    if (connected) notify.success(`${PLATFORM_META[connected]?.name ?? connected} account connected successfully`);
    if (error) notify.error(error);
    const next = new URLSearchParams(params);
    next.delete("connected");
    next.delete("error");
    // A Business Profile consent brings every location: the user then picks those to post to.
    if (connected === "google_business") next.set("connect", "locations");
    setParams(next, { replace: true });
  }, [params, setParams]);

  const cancel = (
    <Link to={ACCOUNTS} {...linkProps} className="rounded-md border px-4 py-2 text-sm">
      Cancel
    </Link>
  );

  return (
    <section aria-labelledby="social-accounts-title" className="space-y-6">
      <header>
        <h2 id="social-accounts-title" className="text-xl font-semibold">
          Social Accounts
        </h2>
        <p className="text-sm text-gray-500">Manage your connected social media accounts</p>
      </header>

      <div className="flex items-center justify-between">
        <h3 className="text-lg font-medium">Connected Accounts</h3>
        {refused ? (
          <button
            type="button"
            disabled
            aria-describedby="connect-refused"
            className="rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-on-accent opacity-50"
          >
            {connectButtonLabel(accounts)}
          </button>
        ) : (
          <Link
            to={withDialog("connect", "pick")}
            {...linkProps}
            className="rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-on-accent hover:bg-blue-700"
          >
            {connectButtonLabel(accounts)}
          </Link>
        )}
      </div>
      <RefusedNote id="connect-refused" why={refused} />

      <UrlDialog
        hydrated={hydrated}
        open={connect === "pick"}
        onClose={close}
        title="Connect Your Social Account"
        description="Choose what to connect. You'll approve access on the platform."
      >
        <ul className="space-y-2">
          {OPTIONS.map((option) => {
            const body = (
              <>
                <span>
                  <span className="font-medium">{option.title}</span>
                  <span className="block text-sm text-gray-500">{option.description}</span>
                </span>
                {option.recommended ? (
                  <span className="rounded bg-green-100 px-2 py-0.5 text-xs text-green-800">Recommended</span>
                ) : null}
              </>
            );
            const optionClass =
              "flex w-full items-start justify-between gap-3 rounded-lg border border-gray-200 p-3 text-left hover:border-blue-500";
            return (
              <li key={option.key}>
                <Link to={withDialog("connect", option.key)} {...linkProps} className={optionClass}>
                  {body}
                </Link>
              </li>
            );
          })}
        </ul>
        <div className="mt-4">{cancel}</div>
      </UrlDialog>

      <UrlDialog
        hydrated={hydrated}
        open={connect === "locations"}
        onClose={close}
        title="Choose your locations"
        description="Each Business Profile location is its own channel. Untick those Postline should not post to."
      >
        <LocationPicker
          locations={accounts.filter((a) => a.platform === "google_business")}
          cancel={cancel}
          onDone={close}
        />
      </UrlDialog>

      <UrlDialog
        hydrated={hydrated}
        open={terms !== null}
        onClose={close}
        title={terms ? TERMS[terms.terms].title : ""}
        description="Effective July 14, 2025"
      >
        {terms ? <ConnectTerms option={terms} cancel={cancel} onConnected={close} /> : null}
      </UrlDialog>

      <UrlDialog
        hydrated={hydrated}
        open={toRemove !== null}
        onClose={close}
        title="Disconnect Account"
        narrow
        description={
          ask?.message ??
          "This action cannot be undone. You'll need to reconnect this account to continue using it for posting and automation."
        }
        lead={
          toRemove ? (
            <p className="mt-1 text-sm font-medium">
              {accountName(toRemove)} · {PLATFORM_META[toRemove.platform]?.name}
            </p>
          ) : null
        }
      >
        {ask ? (
          <ul aria-label="Scheduled posts on this account" className="mb-3 max-h-40 space-y-1 overflow-auto text-sm">
            {ask.posts.map((p) => (
              <li key={p.id} className="rounded border px-2 py-1">
                <span className="font-medium">{p.content || "(no text)"}</span>
                {p.scheduledDate ? (
                  <span className="block text-xs text-gray-500">{formatDateTime(p.scheduledDate, timezone)}</span>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        {plainReply && !plainReply.ask ? (
          <p role="alert" className="mb-3 text-sm text-red-700">
            {plainReply.message}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          {cancel}
          {toRemove ? (
            <disconnect.Form method="post" action={withDialog("disconnect", toRemove.id)}>
              <input type="hidden" name="intent" value="account-disconnect" />
              <input type="hidden" name="id" value={toRemove.id} />
              {ask ? <input type="hidden" name="confirm" value="true" /> : null}
              <button
                type="submit"
                disabled={disconnect.state !== "idle"}
                className="rounded-md bg-red-600 px-4 py-2 text-sm font-medium text-on-accent disabled:opacity-60"
              >
                {ask ? "Disconnect Anyway" : "Yes, Disconnect Account"}
              </button>
            </disconnect.Form>
          ) : null}
        </div>
      </UrlDialog>

      {groups.length === 0 ? (
        <div className="rounded-lg border border-dashed border-gray-300 p-8 text-center">
          <p className="font-medium">No accounts connected</p>
          <p className="text-sm text-gray-500">Connect your social media accounts to start posting</p>
        </div>
      ) : (
        <div className="space-y-6">
          {groups.map((group) => (
            <div key={group.key}>
              <h4 className="mb-2 text-sm font-semibold text-gray-700">{group.name}</h4>
              <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {group.cards.map((card) => (
                  <AccountCardView
                    key={card.id}
                    card={card}
                    manage={!refused}
                    waiting={card.account ? waiting[card.account.id] : undefined}
                    timezone={timezone}
                    reconnectUrl={
                      // A Bluesky app password has no consent to go back to: signing in again revives the same
                      // account (its DID); an OAuth connection reconnects through its server's consent.
                      card.platform === "bluesky" && card.account?.connectionType !== "oauth"
                        ? withDialog("connect", "bluesky")
                        : startUrl({
                            platform: card.platform,
                            variant: card.account?.connectionType === "direct" ? "instagram-only" : undefined,
                            reconnect: card.id,
                          })
                    }
                  />
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}

/**
 * A dialog whose open state is the URL's: with JavaScript a modal (Radix, fetched at the first open), without it
 * the same content in the page, where the links and the form inside work as plain HTML.
 */
function UrlDialog({
  hydrated,
  open,
  onClose,
  title,
  description,
  lead,
  narrow,
  children,
}: {
  hydrated: boolean;
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  /** Shown between the title and the description. */
  lead?: React.ReactNode;
  narrow?: boolean;
  children: React.ReactNode;
}) {
  const width = narrow ? "max-w-[480px]" : "max-w-[600px]";
  if (!hydrated)
    return open ? (
      <section
        aria-labelledby="accounts-dialog-title"
        className={`${width} rounded-xl border border-gray-200 bg-surface p-6 shadow`}
      >
        <h3 id="accounts-dialog-title" className="text-lg font-semibold">
          {title}
        </h3>
        {lead}
        <p className="my-3 text-sm text-gray-600">{description}</p>
        {children}
      </section>
    ) : null;
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        {/* Above the sticky top bar (z-30) and the sidebar (z-40), so both are dimmed like the page. */}
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          className={`fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[95vw] ${width} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-surface p-6 shadow-xl`}
        >
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          {lead}
          <Dialog.Description className="my-3 text-sm text-gray-600">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function AccountCardView({
  card,
  manage,
  waiting,
  reconnectUrl,
  timezone,
}: {
  card: AccountCard;
  /** Whether the member may reconnect or disconnect it (accounts.manage); else the card only reads (ADR 127). */
  manage: boolean;
  /** The reader's zone, the one the card's dates are shown in. */
  timezone: string;
  /** The scheduled posts that will not publish until this account is reconnected (when it is not healthy). */
  waiting?: AffectedPost[];
  /** The consent start that asks again for what this account lacks. */
  reconnectUrl: string;
}) {
  const meta = PLATFORM_META[card.platform];
  const health = card.account ? healthLine(card.account, timezone) : null;
  return (
    <li
      className="relative flex items-center gap-3 rounded-lg border border-gray-200 bg-surface p-3"
      data-testid="account-card"
    >
      <div className="relative shrink-0">
        {card.profilePicture ? (
          <img src={card.profilePicture} alt="" className="h-12 w-12 rounded-full object-cover" />
        ) : (
          <div className="h-12 w-12 rounded-full bg-gray-200" aria-hidden />
        )}
        <span className="absolute -right-1 -bottom-1">
          <PlatformMark platform={card.platform} badge className="size-3" />
        </span>
      </div>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{accountName(card)}</p>
        <p className="text-xs text-gray-500">
          {meta?.name} <span className="ml-1 rounded bg-gray-100 px-1.5 py-0.5 text-gray-600">{card.displayType}</span>
        </p>
        <p className="text-xs text-gray-500">{card.audience}</p>
        <p
          className={`text-xs ${card.status === "Connected" ? "text-green-700" : card.status === "View Only" ? "text-gray-500" : "text-amber-700"}`}
        >
          {card.status}
          {manage && card.status === "Needs reconnect" ? (
            <a href={reconnectUrl} className="ml-2 underline">
              Reconnect
            </a>
          ) : null}
        </p>
        {/* Why: "Reconnect Sunrise Bakery and allow pages_manage_posts." names what to allow on the consent page. */}
        {card.status === "Needs reconnect" && card.account?.statusReason ? (
          <p className="text-xs text-amber-800">{card.account.statusReason}</p>
        ) : null}
        {health?.state === "expiring" ? (
          <p className="text-xs text-amber-700" data-testid="account-health">
            {health.text}
            {manage ? (
              <a href={reconnectUrl} className="ml-2 underline">
                Reconnect
              </a>
            ) : null}
          </p>
        ) : health ? (
          <p className="text-xs text-gray-500" data-testid="account-health">
            {health.text}
          </p>
        ) : null}
        {waiting?.length ? <AffectedPosts posts={waiting} /> : null}
      </div>
      {manage ? (
        <Link
          to={withDialog("disconnect", card.id)}
          {...linkProps}
          title="Disconnect account"
          aria-label="Disconnect account"
          className="absolute right-2 top-2 rounded p-1 text-gray-400 hover:bg-gray-100 hover:text-red-600"
        >
          ×
        </Link>
      ) : null}
    </li>
  );
}

/** The scheduled posts that will not publish until this account is reconnected. */
function AffectedPosts({ posts }: { posts: AffectedPost[] }) {
  return (
    <div className="mt-1 text-xs text-amber-800" data-testid="affected-posts">
      <p>
        {posts.length === 1 ? "1 scheduled post" : `${posts.length} scheduled posts`} will not publish until you
        reconnect:
      </p>
      <ul className="list-disc pl-4">
        {posts.slice(0, 5).map((p) => (
          <li key={p.id} className="truncate">
            {p.content}
            {p.scheduledDate ? ` (${p.scheduledDate.slice(0, 16).replace("T", " ")} UTC)` : ""}
          </li>
        ))}
      </ul>
    </div>
  );
}
