import type { AppIcon } from "~/components/ui/icons";

/** What a page shows while it has nothing real to show. */
export function EmptyState({
  icon: Icon,
  title,
  children,
}: {
  icon: AppIcon;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed border-slate-300 bg-surface px-6 py-16 text-center">
      <Icon className="size-10 text-slate-400" aria-hidden />
      <h2 className="mt-4 text-base font-semibold">{title}</h2>
      <div className="mt-2 max-w-md text-sm text-slate-500">{children}</div>
    </div>
  );
}
