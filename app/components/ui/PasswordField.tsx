import { useEffect, useId, useState } from "react";
import { Eye, EyeOff } from "~/components/ui/icons";
import { blockClipboard } from "~/lib/clipboard-guard";
import { inputClass, labelClass } from "./styles";

interface PasswordFieldProps {
  label: string;
  /** The field's name in a posted form. */
  name?: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: "current-password" | "new-password";
  disabled?: boolean;
  /** Settings also blocks the context menu and offers a show/hide toggle. */
  strict?: boolean;
  trailing?: React.ReactNode;
}

/**
 * A password input where copy, cut and paste are refused with a tooltip saying so. The tooltip is plain
 * CSS above the field (no popper): it only ever says one thing, and this field is on the sign-in page,
 * whose first load stays light.
 */
export function PasswordField({
  label,
  name,
  value,
  onChange,
  autoComplete,
  disabled,
  strict,
  trailing,
}: PasswordFieldProps) {
  const id = useId();
  const tipId = useId();
  const [visible, setVisible] = useState(false);
  const [warned, setWarned] = useState(false);
  useEffect(() => {
    if (!warned) return;
    const timer = setTimeout(() => setWarned(false), 2000);
    return () => clearTimeout(timer);
  }, [warned]);

  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="flex gap-2">
        <div className="relative flex-1">
          <input
            id={id}
            name={name}
            type={visible ? "text" : "password"}
            className={`${inputClass} ${strict ? "pr-10" : ""}`}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            autoComplete={autoComplete}
            aria-describedby={warned ? tipId : undefined}
            disabled={disabled}
            {...blockClipboard(() => setWarned(true), strict)}
          />
          {strict && (
            <button
              type="button"
              className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-slate-500 hover:text-slate-800 disabled:opacity-50"
              onClick={() => setVisible((v) => !v)}
              aria-label={`${visible ? "Hide" : "Show"} ${label.toLowerCase()}`}
              aria-pressed={visible}
              disabled={disabled}
            >
              {visible ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
            </button>
          )}
          {warned && (
            <span
              id={tipId}
              role="tooltip"
              className="pointer-events-none absolute bottom-full left-1/2 z-50 mb-2 -translate-x-1/2 rounded bg-slate-900 px-2 py-1 text-xs whitespace-nowrap text-on-accent shadow"
            >
              Copy Paste is not permitted
              <span
                aria-hidden
                className="absolute top-full left-1/2 -translate-x-1/2 border-x-[5px] border-t-[5px] border-x-transparent border-t-slate-900"
              />
            </span>
          )}
        </div>
        {trailing}
      </div>
    </div>
  );
}
