import { useEffect, useId, useState } from "react";
import { inputClass, labelClass, secondaryButton } from "~/components/ui/styles";
import { api } from "~/lib/api";
import type { ChannelOptions as Options } from "../../../workers/posts/index";
import { PIN_TITLE_MAX } from "../../../workers/posts/public";
import { type PinBoard, sectionsOf, withBoard } from "./pin-board";

/**
 * A Pinterest channel's pin (ADR 063): the board it is saved to (read live from the account, or made here),
 * a section of that board, the pin's title and the link it leads to. A board must be chosen before scheduling.
 */
export function PinterestOptions({
  accountId,
  title,
  baseTitle,
  options,
  onTitle,
  set,
}: {
  accountId: string;
  title: string | null;
  baseTitle: string;
  options: Options;
  onTitle: (title: string | null) => void;
  set: (patch: Partial<Options>) => void;
}) {
  const id = useId();
  const [boards, setBoards] = useState<PinBoard[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [newName, setNewName] = useState("");
  useEffect(() => {
    let live = true;
    void api<{ boards: PinBoard[] }>(`/api/accounts/${accountId}/boards`).then((r) => {
      if (!live) return;
      if (r.ok) setBoards(r.data.boards);
      else setError(r.message);
    });
    return () => {
      live = false;
    };
  }, [accountId]);

  const choose = (board: string | undefined) => set(withBoard(options, board));
  const create = async () => {
    const r = await api<{ boards: PinBoard[]; created: PinBoard | null }>(`/api/accounts/${accountId}/boards`, {
      json: { name: newName },
    });
    if (!r.ok) return setError(r.message);
    setError(null);
    setNewName("");
    setBoards(r.data.boards);
    if (r.data.created) choose(r.data.created.id);
  };
  const sections = sectionsOf(boards ?? [], options.board);

  return (
    <>
      <div>
        <label htmlFor={`${id}-board`} className={labelClass}>
          Board
        </label>
        <select
          id={`${id}-board`}
          className={inputClass}
          value={options.board ?? ""}
          disabled={boards === null}
          onChange={(e) => choose(e.target.value || undefined)}
        >
          <option value="">{boards === null ? "Loading boards…" : "Choose a board"}</option>
          {(boards ?? []).map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
              {b.privacy === "SECRET" ? " (secret)" : ""}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <label htmlFor={`${id}-new-board`} className={labelClass}>
            New board
          </label>
          <input
            id={`${id}-new-board`}
            className={inputClass}
            value={newName}
            maxLength={180}
            placeholder="Name a new board"
            onChange={(e) => setNewName(e.target.value)}
          />
        </div>
        <button type="button" className={secondaryButton} disabled={!newName.trim()} onClick={() => void create()}>
          Create board
        </button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      {sections.length ? (
        <div>
          <label htmlFor={`${id}-section`} className={labelClass}>
            Section (optional)
          </label>
          <select
            id={`${id}-section`}
            className={inputClass}
            value={options.boardSection ?? ""}
            onChange={(e) => set({ boardSection: e.target.value || undefined })}
          >
            <option value="">No section</option>
            {sections.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div>
        <label htmlFor={`${id}-title`} className={labelClass}>
          Pin title
        </label>
        <input
          id={`${id}-title`}
          className={inputClass}
          value={title ?? ""}
          maxLength={PIN_TITLE_MAX}
          placeholder={baseTitle || "Up to 100 characters"}
          onChange={(e) => onTitle(e.target.value || null)}
        />
      </div>
      <div>
        <label htmlFor={`${id}-link`} className={labelClass}>
          Link
        </label>
        <input
          id={`${id}-link`}
          type="url"
          className={inputClass}
          value={options.link ?? ""}
          placeholder="https://your-site.example/page"
          onChange={(e) => set({ link: e.target.value || undefined })}
        />
      </div>
    </>
  );
}
