import { Link, useActionData } from "react-router";
import { PageHeader } from "~/components/PageHeader";
import { QueueCard } from "~/components/queue/QueueCard";
import { EmptyState } from "~/components/ui/EmptyState";
import { FormError } from "~/components/ui/FormError";
import { ListOrdered } from "~/components/ui/icons";
import { pageMeta } from "~/lib/meta";
import type { FormReply } from "~/lib/use-form-action";
import { appContext } from "../../workers/context";
import type { Route } from "./+types/queue";
import { queueAction, queueData } from "./queue.server";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Queue",
    description: "Weekly posting slots per account, and the posts waiting in them.",
    keywords: "posting queue, time slots",
  });

export function loader({ context, url }: Route.LoaderArgs) {
  return queueData(context.get(appContext), url);
}

/** The cards' forms post here: through fetchers with JavaScript (a toast), as plain posts without. */
export function action({ request, context, url }: Route.ActionArgs) {
  return queueAction(request, context.get(appContext), url);
}

export default function QueuePage({ loaderData: { queues } }: Route.ComponentProps) {
  // A plain post's reply (without JavaScript); with it, the card's fetcher shows a toast instead.
  const posted = useActionData() as FormReply | undefined;
  return (
    <>
      <PageHeader title="Queue" description="Weekly posting slots per account, and the posts waiting in them." />
      <Link to="/planner" className="mb-4 inline-block text-sm text-brand-600 hover:underline">
        Back to the Content Planner
      </Link>
      {posted?.ok ? (
        <p role="status" className="mb-4 rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
          {posted.message}
        </p>
      ) : (
        <div className="mb-4 empty:hidden">
          <FormError message={posted?.message ?? null} />
        </div>
      )}
      {queues.length === 0 ? (
        <EmptyState icon={ListOrdered} title="No accounts yet">
          Connect an account in Settings to give it a queue.
        </EmptyState>
      ) : (
        <div className="space-y-4">
          {queues.map((q) => (
            <QueueCard key={q.accountId} queue={q} others={queues.filter((o) => o.accountId !== q.accountId)} />
          ))}
        </div>
      )}
    </>
  );
}
