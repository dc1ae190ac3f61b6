import { useCombobox } from "downshift";
import { useId, useLayoutEffect, useRef, useState } from "react";
import { inputClass, labelClass } from "~/components/ui/styles";
import type { Mentionable } from "../../../workers/workspaces/index";
import { insertMention, mentionAtCaret, mentionSuggestions } from "./mention-typing";

const { InputKeyDownEnter, ItemClick, InputKeyDownEscape } = useCombobox.stateChangeTypes;

/**
 * A textarea that suggests workspace members after an @ (an ARIA combobox on downshift): arrows move
 * through the names, Enter or a click puts `@Display Name` in the text. While no list is shown the keys
 * behave as in any textarea (Enter is a new line, arrows move the caret).
 */
export function MentionTextarea({
  label,
  value,
  onChange,
  members,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  members: readonly Mentionable[];
  disabled?: boolean;
}) {
  const inputId = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState(0);
  // Escape closes the list for the @ it was open for; typing another @ opens it again.
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [moveCaretTo, setMoveCaretTo] = useState<number | null>(null);
  const at = mentionAtCaret(value, caret);
  const items = at ? mentionSuggestions(members, at.query) : [];
  const open = at !== null && items.length > 0 && dismissedAt !== at.start;

  useLayoutEffect(() => {
    if (moveCaretTo === null || !ref.current) return;
    ref.current.setSelectionRange(moveCaretTo, moveCaretTo);
    setCaret(moveCaretTo);
    setMoveCaretTo(null);
  }, [moveCaretTo]);

  const { getLabelProps, getInputProps, getMenuProps, getItemProps, highlightedIndex } = useCombobox({
    items,
    inputId,
    isOpen: open,
    inputValue: value,
    selectedItem: null,
    defaultHighlightedIndex: 0,
    itemToString: (m) => m?.displayName ?? "",
    // The text is ours: downshift neither clears it on Escape nor replaces it with the chosen name.
    stateReducer: (state, { changes }) => ({ ...changes, inputValue: state.inputValue }),
    onStateChange: ({ type }) => {
      if (type === InputKeyDownEscape && at) setDismissedAt(at.start);
    },
    onSelectedItemChange: ({ selectedItem, type }) => {
      if (selectedItem && (type === ItemClick || type === InputKeyDownEnter)) choose(selectedItem);
    },
  });

  function choose(member: (typeof items)[number]) {
    if (!at) return;
    const next = insertMention(value, caret, at, member);
    onChange(next.text);
    setMoveCaretTo(next.caret);
    setDismissedAt(at.start); // the finished name is not a query any more
  }

  type Key = React.KeyboardEvent<HTMLInputElement> & { nativeEvent: { preventDownshiftDefault?: boolean } };
  // downshift types its input props for <input>; a <textarea> takes the same attributes and events.
  const textareaProps = getInputProps({
    ref: ref as unknown as React.Ref<HTMLInputElement>,
    disabled,
    className: inputClass,
    placeholder: "Write a comment. Type @ to mention a teammate.",
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      onChange(e.target.value);
      setCaret(e.target.selectionStart ?? e.target.value.length);
    },
    onSelect: (e: React.SyntheticEvent<HTMLInputElement>) => setCaret(e.currentTarget.selectionStart ?? 0),
    onKeyDown: (e: Key) => {
      // With no list open, keys are the textarea's own (Enter is a new line, arrows move the caret).
      if (!open) e.nativeEvent.preventDownshiftDefault = true;
      else if (e.key === "Enter" && highlightedIndex < 0 && items[0]) {
        // A quick Enter can land before downshift highlights the first name: it still takes that name.
        e.nativeEvent.preventDownshiftDefault = true;
        e.preventDefault();
        choose(items[0]);
      }
    },
  }) as unknown as React.ComponentProps<"textarea">;

  return (
    <div className="relative">
      <label {...getLabelProps({ className: labelClass })} htmlFor={inputId}>
        {label}
      </label>
      <textarea {...textareaProps} rows={3} />
      <ul
        {...getMenuProps({
          "aria-label": "Members to mention",
          className: `absolute z-20 mt-1 max-h-56 w-full max-w-sm overflow-y-auto rounded-md border border-slate-200 bg-surface py-1 text-sm shadow-lg ${open ? "" : "hidden"}`,
        })}
      >
        {open
          ? items.map((m, index) => (
              <li
                key={m.id}
                {...getItemProps({ item: m, index })}
                className={`cursor-pointer px-3 py-1.5 ${highlightedIndex === index ? "bg-brand-50 text-brand-700" : ""}`}
              >
                <span className="font-medium">{m.displayName}</span>{" "}
                <span className="text-xs text-slate-500">{m.email}</span>
              </li>
            ))
          : null}
      </ul>
    </div>
  );
}
