import { DropdownMenu } from "radix-ui";
import { useEffect, useState } from "react";
import { PLATFORM_META } from "~/components/platforms/platform-options";
import { secondaryButton } from "~/components/ui/styles";
import { api } from "~/lib/api";
import { fillTemplate, type Piece } from "../../../workers/pieces/public";
import type { Platform } from "../../../workers/platform-profile";

/** The workspace's saved pieces, read once when the composer opens (none while loading or on failure). */
export function useSavedPieces(): Piece[] {
  const [pieces, setPieces] = useState<Piece[]>([]);
  useEffect(() => {
    void api<{ pieces: Piece[] }>("/api/pieces").then((res) => res.ok && setPieces(res.data.pieces));
  }, []);
  return pieces;
}

const itemClass =
  "cursor-pointer rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800";
const groupLabel = "px-2 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-500";

/**
 * The composer's Saved pieces menu (ADR 087): a hashtag group goes into Hashtags, a template (its variables filled
 * for the post's time) at the end of the text. A Radix menu: arrow keys, type-ahead and Escape work.
 */
export function SavedPiecesMenu({
  pieces,
  at,
  timeZone,
  onHashtags,
  onText,
}: {
  pieces: Piece[];
  /** The post's time (now, or when it is scheduled), for the templates' variables. */
  at: number;
  timeZone: string;
  onHashtags: (tags: string) => void;
  onText: (text: string) => void;
}) {
  const groups = [
    {
      label: "Hashtag groups",
      items: pieces.filter((p) => p.kind === "hashtags"),
      pick: (p: Piece) => onHashtags(p.body),
    },
    {
      label: "Caption templates",
      items: pieces.filter((p) => p.kind === "template"),
      pick: (p: Piece) => onText(fillTemplate(p.body, at, timeZone)),
    },
  ].filter((g) => g.items.length > 0);
  if (groups.length === 0) return null;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={secondaryButton}>Saved pieces</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={4}
          className="z-[70] max-h-80 min-w-56 overflow-y-auto rounded-md border border-slate-200 bg-surface p-1 shadow-lg"
        >
          {groups.map((g) => (
            <DropdownMenu.Group key={g.label}>
              <DropdownMenu.Label className={groupLabel}>{g.label}</DropdownMenu.Label>
              {g.items.map((p) => (
                <DropdownMenu.Item key={p.id} className={itemClass} onSelect={() => g.pick(p)}>
                  {p.name}
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Group>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** Which chosen channels get their signature, each removable for this post (and added back). */
export function SignatureNotes({
  platforms,
  signatures,
  removed,
  onToggle,
}: {
  platforms: Platform[];
  signatures: Partial<Record<Platform, string>>;
  removed: ReadonlySet<Platform>;
  onToggle: (platform: Platform) => void;
}) {
  const signed = platforms.filter((p) => signatures[p]);
  if (signed.length === 0) return null;
  return (
    <ul aria-label="Signatures" className="space-y-1 text-sm text-slate-600">
      {signed.map((p) => {
        const name = PLATFORM_META[p]?.name ?? p;
        const off = removed.has(p);
        return (
          <li key={p} className="flex flex-wrap items-center gap-2">
            <span>
              {off ? `${name}: no signature on this post` : `${name} ends with its signature “${signatures[p]}”`}
            </span>
            <button type="button" className="text-brand-700 underline" onClick={() => onToggle(p)}>
              {off ? `Add ${name} signature` : `Remove ${name} signature`}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
