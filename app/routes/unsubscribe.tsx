import { primaryButton } from "~/components/ui/styles";
import { pageMeta } from "~/lib/meta";
import { useFormAction } from "~/lib/use-form-action";
import { appContext } from "../../workers/context";
import type { Route } from "./+types/unsubscribe";
import { unsubscribeAction, unsubscribeData } from "./unsubscribe.server";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Unsubscribe from a report" }),
  { name: "robots", content: "noindex" },
];

/** Shows whose report the link stops; the click itself is a POST, so a mail scanner opening the link stops nothing. */
export function loader({ params, context }: Route.LoaderArgs) {
  return unsubscribeData(context.get(appContext), params.token);
}

export function action({ params, context }: Route.ActionArgs) {
  return unsubscribeAction(context.get(appContext), params.token);
}

export default function Unsubscribe({ loaderData }: Route.ComponentProps) {
  const { view } = loaderData;
  const stop = useFormAction("unsubscribe");
  const message = stop.done?.message ?? (view?.unsubscribed ? `${view.email} no longer receives this report.` : null);
  return (
    <main className="mx-auto max-w-lg px-4 py-16">
      <div className="rounded-lg border border-slate-200 bg-surface p-6">
        {!view ? (
          <>
            <h1 className="text-xl font-semibold">This link cannot be opened</h1>
            <p className="mt-2 text-sm text-slate-600">The requested resource was not found.</p>
          </>
        ) : (
          <>
            <h1 className="text-xl font-semibold">Stop {view.workspace}'s reports?</h1>
            <p className="mt-2 text-sm text-slate-600">
              {view.email} receives {view.workspace}'s scheduled {view.kind} report by email.
            </p>
            {message ? (
              <p role="status" className="mt-4 text-sm font-medium">
                {message}
              </p>
            ) : (
              <form {...stop.form} className="mt-4">
                <input type="hidden" name="intent" value="unsubscribe" />
                <button type="submit" className={primaryButton} disabled={stop.busy}>
                  {stop.busy ? "Unsubscribing..." : "Unsubscribe"}
                </button>
              </form>
            )}
          </>
        )}
      </div>
    </main>
  );
}
