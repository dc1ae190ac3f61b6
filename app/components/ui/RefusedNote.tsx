/**
 * The one line beside a control that is disabled because the member's role (or an archived workspace) does not
 * allow it (ADR 127): the control names it with `aria-describedby`, so a screen reader hears why too.
 */
export function RefusedNote({ id, why }: { id: string; why: string | undefined }) {
  return why ? (
    <p id={id} className="basis-full text-xs text-slate-500">
      {why}
    </p>
  ) : null;
}
