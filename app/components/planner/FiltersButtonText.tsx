import { Filter } from "~/components/ui/icons";

/** The Filters button's face, before and after its menu loads: the icon, the word, and a count when narrowed. */
export function FiltersButtonText({ active }: { active: number }) {
  return (
    <>
      <Filter className="size-4" aria-hidden /> Filters{" "}
      {active ? (
        <span aria-hidden className="rounded-full bg-brand-600 px-1.5 text-xs font-semibold text-on-accent">
          {active}
        </span>
      ) : null}
    </>
  );
}
