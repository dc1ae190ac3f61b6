import { useCombobox, useMultipleSelection } from "downshift";
import { useMemo, useState } from "react";
import { X } from "~/components/ui/icons";
import { inputClass, labelClass } from "~/components/ui/styles";
import { type Label, MAX_LABELS_PER_POST } from "../../../workers/labels/public";
import { finalUrls, linkPlan, type PostLinkChoices, type WorkspaceLinkChoices } from "../../../workers/links/public";

/**
 * The post's labels (its campaigns, ADR 094): a downshift multiple-selection combobox. Typing narrows the
 * workspace's labels (or offers to create one of the typed name); Enter adds one; each chosen label is a chip whose
 * button (or Backspace) takes it off.
 */
export function PostLabels({
  labels,
  chosen,
  onChange,
  onCreate,
}: {
  labels: Label[];
  chosen: Label[];
  onChange: (labels: Label[]) => void;
  /** Makes a label of the typed name and puts it on the post. */
  onCreate: (name: string) => void;
}) {
  const [query, setQuery] = useState("");
  const items = useMemo(() => {
    const typed = query.trim();
    const matching = labels.filter(
      (l) => !chosen.some((c) => c.id === l.id) && l.name.toLowerCase().includes(typed.toLowerCase()),
    );
    // A name no label has yet is offered as a new label (an item with no id).
    const known = labels.some((l) => l.name.toLowerCase() === typed.toLowerCase());
    return typed && !known && typed.length <= 40 ? [...matching, { id: "", name: typed, color: "" }] : matching;
  }, [labels, chosen, query]);
  const { getSelectedItemProps, getDropdownProps, removeSelectedItem } = useMultipleSelection<Label>({
    selectedItems: chosen,
    itemToKey: (l) => l?.id,
    onSelectedItemsChange: ({ selectedItems }) => onChange(selectedItems ?? []),
  });
  const full = chosen.length >= MAX_LABELS_PER_POST;
  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps } = useCombobox({
    items,
    inputId: "composer-labels",
    inputValue: query,
    selectedItem: null,
    itemToString: (l) => l?.name ?? "",
    stateReducer: (_state, { changes, type }) =>
      type === useCombobox.stateChangeTypes.InputKeyDownEnter || type === useCombobox.stateChangeTypes.ItemClick
        ? { ...changes, isOpen: true, inputValue: "" }
        : changes,
    onStateChange: ({ type, selectedItem, inputValue }) => {
      if (
        (type === useCombobox.stateChangeTypes.InputKeyDownEnter || type === useCombobox.stateChangeTypes.ItemClick) &&
        selectedItem &&
        !full
      )
        selectedItem.id ? onChange([...chosen, selectedItem]) : onCreate(selectedItem.name);
      if (type === useCombobox.stateChangeTypes.InputChange) setQuery(inputValue ?? "");
      else if (selectedItem) setQuery("");
    },
  });
  return (
    <div className="relative">
      <label {...getLabelProps({ className: labelClass })} htmlFor="composer-labels">
        Labels
      </label>
      <div className="flex flex-wrap items-center gap-1.5 rounded-md border border-slate-300 bg-surface p-1.5">
        {chosen.map((label, index) => (
          <span
            key={label.id}
            {...getSelectedItemProps({ selectedItem: label, index })}
            className="inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium text-slate-800 outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            style={{ borderColor: label.color }}
          >
            <span aria-hidden="true" className="size-2 rounded-full" style={{ backgroundColor: label.color }} />
            {label.name}
            <button
              type="button"
              aria-label={`Remove label ${label.name}`}
              className="rounded-full p-0.5 text-slate-500 hover:text-slate-800"
              onClick={(e) => {
                e.stopPropagation();
                removeSelectedItem(label);
              }}
            >
              <X aria-hidden="true" className="size-3" />
            </button>
          </span>
        ))}
        <input
          {...getInputProps(
            getDropdownProps({
              preventKeyAction: isOpen,
              className: "min-w-32 flex-1 border-0 bg-transparent p-1 text-sm outline-none",
              placeholder: full ? `At most ${MAX_LABELS_PER_POST} labels` : "Add a label",
              disabled: full,
            }),
          )}
        />
      </div>
      <ul
        {...getMenuProps({
          className: `absolute z-40 mt-1 max-h-60 w-full overflow-y-auto rounded-md border border-slate-200 bg-surface shadow-lg ${isOpen && items.length ? "" : "hidden"}`,
        })}
      >
        {isOpen
          ? items.map((label, index) => (
              <li
                key={label.id || "new"}
                {...getItemProps({ item: label, index })}
                className={`flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm ${highlightedIndex === index ? "bg-brand-50 text-brand-800" : ""}`}
              >
                {label.id ? (
                  <>
                    <span
                      aria-hidden="true"
                      className="size-2.5 rounded-full"
                      style={{ backgroundColor: label.color }}
                    />
                    {label.name}
                  </>
                ) : (
                  `Create label “${label.name}”`
                )}
              </li>
            ))
          : null}
      </ul>
    </div>
  );
}

/**
 * The UTM builder and short-link opt-out (ADR 094), with the URL each link lands a reader on per chosen channel.
 * Shown only when the workspace shortens links (Settings → Links); otherwise links always go out as typed.
 */
export function LinkChoices({
  settings,
  choices,
  onChange,
  content,
  platforms,
  labels,
}: {
  settings: WorkspaceLinkChoices | null;
  choices: PostLinkChoices;
  onChange: (choices: PostLinkChoices) => void;
  content: string;
  platforms: string[];
  labels: string[];
}) {
  if (!settings?.enabled) return null;
  const sorted = [...labels].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: "base" }));
  const preview = platforms.map((p) => ({
    platform: p,
    links: finalUrls(content, linkPlan(settings, choices, p, sorted)),
  }));
  const hasLinks = preview.some((p) => p.links.length > 0);
  return (
    <fieldset className="space-y-2 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium">Links</legend>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={choices.shorten}
          onChange={(e) => onChange({ ...choices, shorten: e.target.checked })}
        />
        Shorten and count this post's links
      </label>
      {choices.shorten && settings.utm ? (
        <div>
          <label htmlFor="composer-utm-campaign" className={labelClass}>
            UTM campaign
          </label>
          <input
            id="composer-utm-campaign"
            className={inputClass}
            value={choices.utmCampaign ?? ""}
            placeholder={sorted[0] ?? settings.utmCampaign}
            maxLength={100}
            onChange={(e) => onChange({ ...choices, utmCampaign: e.target.value.trim() ? e.target.value : null })}
          />
        </div>
      ) : null}
      {hasLinks ? (
        <ul aria-label="Where the links go" className="space-y-1 text-xs text-slate-600">
          {preview.flatMap((p) =>
            p.links.map((l) => (
              <li key={`${p.platform} ${l.url}`} className="break-all">
                <span className="font-medium">{p.platform}:</span> {l.final}
              </li>
            )),
          )}
        </ul>
      ) : null}
    </fieldset>
  );
}
