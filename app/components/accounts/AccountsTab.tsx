import { useEffect, useState } from "react";
import { useFetcher, useSearchParams } from "react-router";
import { PlatformMark } from "~/components/platforms/PlatformMark";
import { Dialog } from "~/components/ui/on-demand-dialog";
import { accountName } from "~/lib/account-name";
import { notify } from "~/lib/notify";
import { ENHANCED } from "~/lib/use-form-action";
import type { accountsTabData, DisconnectReply } from "~/routes/settings-accounts.server";
import { PLATFORM_META } from "../platforms/platform-options";
import { type AccountCard, connectButtonLabel, groupAccounts } from "./grouping";

/**
 * Settings → Social Accounts (SPEC §2, §4): grouped cards (from the page's loader), connect with terms,
 * disconnect with confirmation through the page's action (settings-accounts.server.ts).
 */
export type AccountsTabData = Awaited<ReturnType<typeof accountsTabData>>;
type AffectedPost = AccountsTabData["waiting"][string][number];

type Terms = "general" | "linkedin" | "youtube";

interface ConnectOption {
  key: string;
  platform: string;
  variant?: string;
  title: string;
  description: string;
  terms: Terms;
  recommended?: boolean;
  comingSoon?: boolean;
}

const OPTIONS: ConnectOption[] = [
  {
    key: "ig-only",
    platform: "instagram",
    variant: "instagram-only",
    title: "Instagram Only",
    description: "Just your Instagram business or creator account.",
    terms: "general",
  },
  {
    key: "ig-fb",
    platform: "instagram",
    variant: "facebook",
    title: "Instagram + Facebook Pages",
    description: "Your Facebook Pages and the Instagram accounts linked to them.",
    terms: "general",
    recommended: true,
  },
  {
    key: "linkedin",
    platform: "linkedin",
    title: "LinkedIn",
    description: "Your profile or the company pages you manage.",
    terms: "linkedin",
  },
  {
    key: "youtube",
    platform: "youtube",
    title: "YouTube",
    description: "Your channel, for video publishing.",
    terms: "youtube",
  },
  {
    key: "twitter",
    platform: "twitter",
    title: "X (Twitter)",
    description: "Post to your X profile.",
    terms: "general",
  },
  {
    key: "threads",
    platform: "threads",
    title: "Threads",
    description: "Post to your Threads profile.",
    terms: "general",
  },
  {
    key: "tiktok",
    platform: "tiktok",
    title: "TikTok",
    description: "Coming soon.",
    terms: "general",
    comingSoon: true,
  },
];

const TERMS: Record<Terms, { title: string; button: string; scopes?: string[] }> = {
  general: { title: "Terms & Privacy Policy", button: "Accept & Continue" },
  linkedin: {
    title: "LinkedIn Terms",
    button: "Connect with LinkedIn",
    scopes: ["Basic profile", "Email address", "Member posting"],
  },
  youtube: {
    title: "YouTube Terms",
    button: "Connect with YouTube",
    scopes: ["youtube", "youtube.upload", "youtube.readonly"],
  },
};

const BRAND: Record<string, string> = {
  ...Object.fromEntries(Object.entries(PLATFORM_META).map(([k, v]) => [k, v.name])),
};

/** The consent start; `reconnect` (an account id) asks again for exactly the permission that account lacks. */
function startUrl(option: Pick<ConnectOption, "platform" | "variant"> & { reconnect?: string }): string {
  const q = new URLSearchParams();
  if (option.variant) q.set("variant", option.variant);
  if (option.reconnect) q.set("reconnect", option.reconnect);
  return `/api/auth/${option.platform}${q.size ? `?${q}` : ""}`;
}

export function AccountsTab({ data }: { data: AccountsTabData }) {
  const { accounts, waiting } = data;
  const [connectOpen, setConnectOpen] = useState(false);
  const [terms, setTerms] = useState<ConnectOption | null>(null);
  const [toRemove, setToRemove] = useState<AccountCard | null>(null);
  /** The action's answer when scheduled posts use the account: their channels will wait for a reconnect. */
  const [affected, setAffected] = useState<{ message: string; posts: AffectedPost[] } | null>(null);
  const [params, setParams] = useSearchParams();
  const disconnect = useFetcher<DisconnectReply>();
  // A success closes the dialog (the loader then reads the accounts again); the confirmation step shows in it.
  useEffect(() => {
    const reply = disconnect.data;
    if (!reply) return;
    if (reply.ok) {
      notify.success(reply.message);
      setToRemove(null);
      setAffected(null);
    } else if (reply.ask) setAffected(reply.ask);
    else notify.error(reply.message);
  }, [disconnect.data]);

  // The OAuth callback lands here with ?connected=<platform> or ?error=<message>: toast once, then tidy the URL.
  useEffect(() => {
    const connected = params.get("connected");
    const error = params.get("error");
    if (!connected && !error) return;
    if (connected) notify.success(`${BRAND[connected] ?? connected} account connected successfully`);
    if (error) notify.error(error);
    const next = new URLSearchParams(params);
    next.delete("connected");
    next.delete("error");
    setParams(next, { replace: true });
  }, [params, setParams]);

  const groups = groupAccounts(accounts);

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
        <button
          type="button"
          onClick={() => setConnectOpen(true)}
          className="rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700"
        >
          {connectButtonLabel(accounts)}
        </button>
      </div>

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
                    waiting={card.account ? waiting[card.account.id] : undefined}
                    onDisconnect={() => setToRemove(card)}
                    onReconnect={() =>
                      window.location.assign(
                        startUrl({
                          platform: card.platform,
                          variant: card.account?.connectionType === "direct" ? "instagram-only" : undefined,
                          reconnect: card.id,
                        }),
                      )
                    }
                  />
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}

      <Dialog.Root open={connectOpen} onOpenChange={setConnectOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 bg-black/40" />
          <Dialog.Content className="fixed left-1/2 top-1/2 max-h-[90vh] w-[95vw] max-w-[600px] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
            <Dialog.Title className="text-lg font-semibold">Connect Your Social Account</Dialog.Title>
            <Dialog.Description className="mb-4 text-sm text-gray-500">
              Choose what to connect. You'll approve access on the platform.
            </Dialog.Description>
            <ul className="space-y-2">
              {OPTIONS.map((option) => (
                <li key={option.key}>
                  <button
                    type="button"
                    disabled={option.comingSoon}
                    onClick={() => {
                      setConnectOpen(false);
                      setTerms(option);
                    }}
                    className="flex w-full items-start justify-between gap-3 rounded-lg border border-gray-200 p-3 text-left hover:border-blue-500 disabled:cursor-not-allowed disabled:opacity-50"
                  >
                    <span>
                      <span className="font-medium">{option.title}</span>
                      <span className="block text-sm text-gray-500">{option.description}</span>
                    </span>
                    {option.recommended ? (
                      <span className="rounded bg-green-100 px-2 py-0.5 text-xs text-green-800">Recommended</span>
                    ) : null}
                    {option.comingSoon ? (
                      <span className="rounded bg-gray-100 px-2 py-0.5 text-xs text-gray-600">Coming soon</span>
                    ) : null}
                  </button>
                </li>
              ))}
            </ul>
            <Dialog.Close className="mt-4 text-sm text-gray-600 hover:underline">Cancel</Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <Dialog.Root open={terms !== null} onOpenChange={(open) => !open && setTerms(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 bg-black/40" />
          <Dialog.Content className="fixed left-1/2 top-1/2 max-h-[90vh] w-[95vw] max-w-[600px] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
            {terms ? (
              <>
                <Dialog.Title className="text-lg font-semibold">{TERMS[terms.terms].title}</Dialog.Title>
                <Dialog.Description className="text-xs text-gray-500">Effective July 14, 2025</Dialog.Description>
                <div className="my-4 space-y-2 text-sm text-gray-700">
                  {TERMS[terms.terms].scopes ? (
                    <p>
                      {terms.title} will ask for: <strong>{TERMS[terms.terms].scopes!.join(", ")}</strong>.
                    </p>
                  ) : null}
                  <p>
                    <strong>Data we collect:</strong> your account's name, picture, follower counts and the content you
                    publish through us.
                  </p>
                  <p>
                    <strong>How we use and share it:</strong> only to publish, schedule and report on your posts; we
                    never sell it.
                  </p>
                  <p>
                    <strong>Security:</strong> access tokens are stored encrypted and are never shown to anyone.
                  </p>
                  <p>
                    <strong>Your rights:</strong> access, update or disconnect your accounts at any time, and request
                    deletion of your data.
                  </p>
                  <p>
                    Cookies, third-party links, changes to these terms and how to contact us are covered in the full
                    privacy policy.
                  </p>
                </div>
                <div className="flex justify-end gap-2">
                  <Dialog.Close className="rounded-md border px-4 py-2 text-sm">Cancel</Dialog.Close>
                  <button
                    type="button"
                    onClick={() => window.location.assign(startUrl(terms))}
                    className="rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white"
                  >
                    {TERMS[terms.terms].button}
                  </button>
                </div>
              </>
            ) : null}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <Dialog.Root
        open={toRemove !== null}
        onOpenChange={(open) => {
          if (open) return;
          setToRemove(null);
          setAffected(null);
        }}
      >
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 bg-black/40" />
          <Dialog.Content className="fixed left-1/2 top-1/2 w-[95vw] max-w-[480px] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
            <Dialog.Title className="text-lg font-semibold">Disconnect Account</Dialog.Title>
            {toRemove ? (
              <p className="mt-1 text-sm font-medium">
                {accountName(toRemove)} · {BRAND[toRemove.platform]}
              </p>
            ) : null}
            <Dialog.Description className="my-3 text-sm text-gray-600">
              {affected
                ? affected.message
                : "This action cannot be undone. You'll need to reconnect this account to continue using it for posting and automation."}
            </Dialog.Description>
            {affected ? (
              <ul
                aria-label="Scheduled posts on this account"
                className="mb-3 max-h-40 space-y-1 overflow-auto text-sm"
              >
                {affected.posts.map((p) => (
                  <li key={p.id} className="rounded border px-2 py-1">
                    <span className="font-medium">{p.content || "(no text)"}</span>
                    {p.scheduledDate ? (
                      <span className="block text-xs text-gray-500">{new Date(p.scheduledDate).toLocaleString()}</span>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : null}
            <div className="flex justify-end gap-2">
              <Dialog.Close className="rounded-md border px-4 py-2 text-sm">Cancel</Dialog.Close>
              <disconnect.Form method="post">
                <input type="hidden" name="intent" value="account-disconnect" />
                <input type="hidden" name={ENHANCED} value="1" />
                <input type="hidden" name="id" value={toRemove?.id ?? ""} />
                {affected ? <input type="hidden" name="confirm" value="true" /> : null}
                <button
                  type="submit"
                  disabled={disconnect.state !== "idle"}
                  className="rounded-md bg-red-600 px-4 py-2 text-sm font-medium text-white disabled:opacity-60"
                >
                  {affected ? "Disconnect Anyway" : "Yes, Disconnect Account"}
                </button>
              </disconnect.Form>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </section>
  );
}

function AccountCardView({
  card,
  waiting,
  onDisconnect,
  onReconnect,
}: {
  card: AccountCard;
  /** The scheduled posts that will not publish until this account is reconnected (when it is not healthy). */
  waiting?: AffectedPost[];
  onDisconnect: () => void;
  onReconnect: () => void;
}) {
  const meta = PLATFORM_META[card.platform];
  return (
    <li
      className="relative flex items-center gap-3 rounded-lg border border-gray-200 bg-white p-3"
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
          {meta?.name} <span className="ml-1 rounded bg-gray-100 px-1.5 py-0.5">{card.displayType}</span>
        </p>
        <p className="text-xs text-gray-500">{card.audience}</p>
        <p
          className={`text-xs ${card.status === "Connected" ? "text-green-700" : card.status === "View Only" ? "text-gray-500" : "text-amber-700"}`}
        >
          {card.status}
          {card.status === "Needs reconnect" ? (
            <button type="button" onClick={onReconnect} className="ml-2 underline">
              Reconnect
            </button>
          ) : null}
        </p>
        {/* Why: "Reconnect Sunrise Bakery and allow pages_manage_posts." names what to allow on the consent page. */}
        {card.status === "Needs reconnect" && card.account?.statusReason ? (
          <p className="text-xs text-amber-800">{card.account.statusReason}</p>
        ) : null}
        {card.account?.health.state === "expiring" && card.account.health.expiresAt ? (
          <p className="text-xs text-amber-700" data-testid="account-health">
            Expiring on {card.account.health.expiresAt.slice(0, 10)}
            <button type="button" onClick={onReconnect} className="ml-2 underline">
              Reconnect
            </button>
          </p>
        ) : card.account?.health.state === "ok" && card.account.lastVerifiedAt ? (
          <p className="text-xs text-gray-500" data-testid="account-health">
            OK · checked {card.account.lastVerifiedAt.slice(0, 10)}
          </p>
        ) : null}
        {waiting?.length ? <AffectedPosts posts={waiting} /> : null}
      </div>
      <button
        type="button"
        title="Disconnect account"
        aria-label="Disconnect account"
        onClick={onDisconnect}
        className="absolute right-2 top-2 rounded p-1 text-gray-400 hover:bg-gray-100 hover:text-red-600"
      >
        ×
      </button>
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
