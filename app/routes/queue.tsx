import { ListOrdered } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { PageHeader } from "~/components/PageHeader";
import { QueueCard } from "~/components/queue/QueueCard";
import type { QueueJson } from "~/components/queue/types";
import { EmptyState } from "~/components/ui/EmptyState";
import { api } from "~/lib/api";
import { pageMeta } from "~/lib/meta";
import { notify } from "~/lib/notify";
import type { Route } from "./+types/queue";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Queue",
    description: "Weekly posting slots per account, and the posts waiting in them.",
    keywords: "posting queue, time slots",
  });

export default function QueuePage() {
  const [queues, setQueues] = useState<QueueJson[] | null>(null);
  useEffect(() => {
    void api<{ queues: QueueJson[] }>("/api/queue").then((res) => {
      if (res.ok) return setQueues(res.data.queues);
      setQueues([]);
      notify.error(res.message);
    });
  }, []);
  const replace = (q: QueueJson) => setQueues((all) => all?.map((x) => (x.accountId === q.accountId ? q : x)) ?? null);
  return (
    <>
      <PageHeader title="Queue" description="Weekly posting slots per account, and the posts waiting in them." />
      <Link to="/planner" className="mb-4 inline-block text-sm text-brand-600 hover:underline">
        Back to the Content Planner
      </Link>
      {queues === null ? (
        <p className="text-sm text-slate-500">Loading…</p>
      ) : queues.length === 0 ? (
        <EmptyState icon={ListOrdered} title="No accounts yet">
          Connect an account in Settings to give it a queue.
        </EmptyState>
      ) : (
        <div className="space-y-4">
          {queues.map((q) => (
            <QueueCard key={q.accountId} queue={q} onChange={replace} />
          ))}
        </div>
      )}
    </>
  );
}
