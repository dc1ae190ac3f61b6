import { Link } from "react-router";
import { CheckCircle2, Circle } from "~/components/ui/icons";
import type { FirstRunStep } from "./first-run";
import { Panel } from "./Panel";

/** "Get started": the first-run steps as links, each ticked once the workspace has done it (issue 42). */
export function FirstRunChecklist({ steps }: { steps: FirstRunStep[] }) {
  const required = steps.filter((s) => !s.optional);
  const done = required.filter((s) => s.done).length;
  return (
    <Panel title="Get started">
      <p className="mb-3 text-sm text-slate-600">
        {done} of {required.length} done. Postline is ready to publish once these are.
      </p>
      <ol className="grid gap-2 sm:grid-cols-2 xl:grid-cols-4">
        {steps.map((step) => (
          <li key={step.id}>
            <Link
              to={step.to}
              className="flex h-full items-center gap-2 rounded-md border border-slate-200 p-3 text-sm hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {step.done ? (
                <CheckCircle2 className="size-5 shrink-0 text-emerald-600" aria-hidden />
              ) : (
                <Circle className="size-5 shrink-0 text-slate-400" aria-hidden />
              )}
              <span className={step.done ? "text-slate-500 line-through" : "font-medium"}>{step.label}</span>
              <span className="sr-only">{step.done ? "(done)" : "(to do)"}</span>
              {step.optional && !step.done ? <span className="ml-auto text-xs text-slate-500">optional</span> : null}
            </Link>
          </li>
        ))}
      </ol>
    </Panel>
  );
}
