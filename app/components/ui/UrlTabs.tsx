import type { HTMLAttributes, KeyboardEvent, ReactNode, Ref } from "react";
import { plainClick } from "~/lib/plain-click";

/**
 * Tabs whose open tab is the URL's (`?tab=`), in the WAI-ARIA tabs pattern: a tablist of links (so a tab opens
 * without JavaScript, by deep link, and elsewhere on a modified click), one tab in the Tab order, arrow keys and
 * Home/End moving to a tab and opening it, and the open tab's panel. Radix Tabs kept this state itself for ~9.6 kB
 * gzip of first-load JS on Content, Analytics and Settings; here the URL keeps it.
 */
export interface UrlTab {
  value: string;
  label: ReactNode;
  href: string;
  /** Pointer over or focus on the tab: fetch its code ahead of the click. */
  onIntent?: () => void;
}

const tabId = (id: string, value: string) => `${id}-tab-${value}`;
const panelId = (id: string, value: string) => `${id}-panel-${value}`;

const MOVES: Record<string, (at: number, last: number) => number> = {
  ArrowRight: (at, last) => (at === last ? 0 : at + 1),
  ArrowLeft: (at, last) => (at === 0 ? last : at - 1),
  Home: () => 0,
  End: (_, last) => last,
};

export function UrlTabList({
  id,
  label,
  tabs,
  value,
  onSelect,
  className,
  tabClassName,
  listRef,
}: {
  /** Prefix of the tabs' and panel's element ids. */
  id: string;
  label: string;
  tabs: UrlTab[];
  value: string;
  onSelect: (value: string) => void;
  className?: string;
  tabClassName?: string;
  listRef?: Ref<HTMLDivElement>;
}) {
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const move = MOVES[e.key];
    const at = tabs.findIndex((t) => t.value === value);
    if (!move || at < 0) return;
    e.preventDefault();
    const next = tabs[move(at, tabs.length - 1)]!;
    document.getElementById(tabId(id, next.value))?.focus();
    onSelect(next.value);
  };
  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={label}
      aria-orientation="horizontal"
      className={className}
      onKeyDown={onKeyDown}
    >
      {tabs.map((t) => {
        const selected = t.value === value;
        return (
          <a
            key={t.value}
            id={tabId(id, t.value)}
            role="tab"
            href={t.href}
            aria-selected={selected}
            aria-controls={selected ? panelId(id, t.value) : undefined}
            tabIndex={selected ? 0 : -1}
            data-state={selected ? "active" : "inactive"}
            className={tabClassName}
            onClick={(e) => {
              if (!plainClick(e)) return;
              e.preventDefault();
              if (!selected) onSelect(t.value);
            }}
            onPointerEnter={t.onIntent}
            onFocus={t.onIntent}
          >
            {t.label}
          </a>
        );
      })}
    </div>
  );
}

/** The open tab's panel, named by its tab. */
export function UrlTabPanel({ id, value, ...rest }: { id: string; value: string } & HTMLAttributes<HTMLDivElement>) {
  return <div role="tabpanel" id={panelId(id, value)} aria-labelledby={tabId(id, value)} {...rest} />;
}
