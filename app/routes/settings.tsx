import { Tabs } from "radix-ui";
import { useActionData, useRouteLoaderData, useSearchParams } from "react-router";
import { AccountsTab } from "~/components/accounts/AccountsTab";
import { PageHeader } from "~/components/PageHeader";
import { ActivityTab } from "~/components/settings/ActivityTab";
import { ApiTab } from "~/components/settings/ApiTab";
import { BillingTab } from "~/components/settings/BillingTab";
import { DeveloperTab } from "~/components/settings/DeveloperTab";
import { NotificationBanner, useNotice } from "~/components/settings/NotificationBanner";
import { ProfileTab } from "~/components/settings/ProfileTab";
import { WorkspaceTab } from "~/components/settings/WorkspaceTab";
import { pageMeta } from "~/lib/meta";
import type { FormReply } from "~/lib/use-form-action";
import { appContext } from "../../workers/context";
import { can } from "../../workers/workspaces/roles";
import type { Route } from "./+types/settings";
import type { loader as appLoader } from "./app-layout";
import { settingsAction, settingsData } from "./settings.server";

export function loader({ context, url }: Route.LoaderArgs) {
  return settingsData(context.get(appContext), url);
}

export function action({ request, context, url }: Route.ActionArgs) {
  return settingsAction(request, context.get(appContext), url);
}

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Settings",
    description: "Manage your profile, password, timezone, social accounts, API keys, webhooks and billing.",
    keywords: "account settings, profile, password, social accounts, billing",
  });

const TABS = [
  { value: "profile", label: "Profile" },
  { value: "workspace", label: "Workspace" },
  { value: "accounts", label: "Social Accounts" },
  { value: "api", label: "API" },
  { value: "billing", label: "Billing" },
  { value: "developer", label: "Developer" },
  { value: "activity", label: "Activity" },
] as const;
type Tab = (typeof TABS)[number]["value"];

const isTab = (v: string | null): v is Tab => TABS.some((t) => t.value === v);

const tabClass =
  "border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-500 hover:text-slate-800 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700";

export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const shell = useRouteLoaderData<typeof appLoader>("app");
  // A form posted without JavaScript: its reply is this page's banner (with JavaScript the banner is live).
  const posted = useActionData<typeof action>() as FormReply | undefined;
  const user = shell?.user ?? {};
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  // The activity log is for owners and admins; the server refuses the others anyway.
  const readsActivity = shell ? can(shell.workspace.current.role, "activity.read") : false;
  const tabs = TABS.filter((t) => t.value !== "activity" || readsActivity);
  const tab: Tab = isTab(requested) && tabs.some((t) => t.value === requested) ? requested : "profile";
  const [notice, notify, dismiss] = useNotice();

  return (
    <>
      <PageHeader title="Settings" description="Manage your account, connected platforms and subscription." />
      <div className="mb-4">
        <NotificationBanner
          notice={notice ?? (posted ? { kind: posted.ok ? "success" : "error", message: posted.message } : null)}
          onDismiss={dismiss}
        />
      </div>
      <Tabs.Root
        value={tab}
        onValueChange={(next) => setParams({ tab: next }, { replace: true, preventScrollReset: true })}
      >
        <Tabs.List aria-label="Settings sections" className="mb-6 flex gap-2 overflow-x-auto border-b border-slate-200">
          {tabs.map((t) => (
            <Tabs.Trigger key={t.value} value={t.value} className={tabClass}>
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="profile">
          <ProfileTab user={user} notify={notify} />
        </Tabs.Content>
        <Tabs.Content value="workspace">
          {shell && <WorkspaceTab {...loaderData} userId={shell.user.id} notify={notify} />}
        </Tabs.Content>
        <Tabs.Content value="accounts">
          <AccountsTab />
        </Tabs.Content>
        <Tabs.Content value="api">
          {shell && <ApiTab role={shell.workspace.current.role} timezone={shell.user.timezone} notify={notify} />}
        </Tabs.Content>
        <Tabs.Content value="billing">
          <BillingTab notify={notify} />
        </Tabs.Content>
        <Tabs.Content value="developer">
          <DeveloperTab />
        </Tabs.Content>
        {shell && readsActivity && (
          <Tabs.Content value="activity">
            <ActivityTab workspaceId={shell.workspace.current.id} notify={notify} />
          </Tabs.Content>
        )}
      </Tabs.Root>
    </>
  );
}
