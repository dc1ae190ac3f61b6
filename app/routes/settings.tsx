import { useRef } from "react";
import { useActionData, useNavigate, useRouteLoaderData } from "react-router";
import { PageHeader } from "~/components/PageHeader";
import { NotificationBanner, useNotice } from "~/components/settings/NotificationBanner";
// Each panel is a chunk of its own: a visit loads the open tab's code only.
import {
  AccountsTab,
  ActivityTab,
  ApiTab,
  BillingTab,
  DeveloperTab,
  LinksTab,
  ProfileTab,
  preloadPanel,
  preloadPanels,
  WorkspaceTab,
} from "~/components/settings/tab-panels";
import { ChevronRight } from "~/components/ui/icons";
import { UrlTabList, UrlTabPanel } from "~/components/ui/UrlTabs";
import { skipDialogRevalidation } from "~/lib/dialog-params";
import { pageMeta } from "~/lib/meta";
import type { FormReply } from "~/lib/use-form-action";
import { useMoreToTheRight } from "~/lib/use-more-to-the-right";
import { appContext } from "../../workers/context";
import type { Route } from "./+types/settings";
import type { loader as appLoader } from "./app-layout";
import { settingsAction, settingsData } from "./settings.server";

export async function loader({ context, url }: Route.LoaderArgs) {
  // With the panels' code at hand, the server renders the open tab in one pass (also without JavaScript).
  await preloadPanels();
  return settingsData(context.get(appContext), url);
}

// Opening or closing a Social Accounts dialog (?connect=, ?disconnect=) reads nothing again.
export const shouldRevalidate = skipDialogRevalidation;

export function action({ request, context, url }: Route.ActionArgs) {
  return settingsAction(request, context.get(appContext), url);
}

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Settings",
    description: "Manage your profile, password, timezone, social accounts, API keys, webhooks and billing.",
    keywords: "account settings, profile, password, social accounts, billing",
  });

const tabClass =
  "shrink-0 whitespace-nowrap border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-500 hover:text-slate-800 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700";

export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const shell = useRouteLoaderData<typeof appLoader>("app");
  // A form posted without JavaScript: its success is this page's banner (its error shows in the form).
  const posted = useActionData<typeof action>() as FormReply | undefined;
  const user = shell?.user ?? {};
  const navigate = useNavigate();
  const { tabs, tab, refused, workspaceTab, linksTab, setup, apiTab, activityTab } = loaderData;
  const [notice, notify, dismiss] = useNotice();
  const tabList = useRef<HTMLDivElement>(null);
  const moreTabs = useMoreToTheRight(tabList);

  return (
    <>
      <PageHeader title="Settings" description="Manage your account, connected platforms and subscription." />
      <div className="mb-4">
        <NotificationBanner
          notice={notice ?? (posted?.ok ? { kind: "success", message: posted.message } : null)}
          onDismiss={dismiss}
        />
      </div>
      {/* The tab is the URL's (?tab=): each tab is a link, so it opens without JavaScript and by deep link. */}
      <div className="relative mb-6">
        <UrlTabList
          id="settings"
          listRef={tabList}
          label="Settings sections"
          className="flex gap-2 overflow-x-auto border-b border-slate-200"
          tabClassName={tabClass}
          value={tab}
          onSelect={(next) => navigate(`?tab=${next}`, { replace: true, preventScrollReset: true })}
          tabs={tabs.map((t) => ({
            value: t.value,
            label: t.label,
            href: `?tab=${t.value}`,
            onIntent: () => preloadPanel(t.value),
          }))}
        />
        {/* On a narrow screen the tabs run past the edge: a fade and an arrow say there are more. */}
        {moreTabs ? (
          <div
            aria-hidden
            data-scroll-cue="settings-tabs"
            className="pointer-events-none absolute inset-y-0 right-0 flex w-12 items-center justify-end bg-linear-to-l from-slate-50 from-40% text-slate-600"
          >
            <ChevronRight className="size-5" />
          </div>
        ) : null}
      </div>
      {refused ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {refused}
        </p>
      ) : (
        <UrlTabPanel id="settings" value={tab}>
          {tab === "profile" && <ProfileTab user={user} notify={notify} />}
          {tab === "workspace" && shell && workspaceTab && (
            <WorkspaceTab {...workspaceTab} userId={shell.user.id} timezone={shell.user.timezone} notify={notify} />
          )}
          {tab === "accounts" && loaderData.accountsTab && <AccountsTab data={loaderData.accountsTab} />}
          {tab === "links" && linksTab && <LinksTab {...linksTab} notify={notify} />}
          {tab === "api" && shell && apiTab && <ApiTab data={apiTab} timezone={shell.user.timezone} notify={notify} />}
          {tab === "billing" && <BillingTab notify={notify} />}
          {tab === "developer" && setup && <DeveloperTab report={setup} />}
          {tab === "activity" && shell && activityTab && (
            <ActivityTab workspaceId={shell.workspace.current.id} data={activityTab} />
          )}
        </UrlTabPanel>
      )}
    </>
  );
}
