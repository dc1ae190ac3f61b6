import { Send } from "~/components/ui/icons";

export function Logo({ textClassName = "" }: { textClassName?: string }) {
  return (
    <span className="inline-flex items-center gap-2 font-semibold text-slate-900">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-600 text-on-accent">
        <Send className="size-4" aria-hidden />
      </span>
      <span className={`text-lg ${textClassName}`}>Postline</span>
    </span>
  );
}
