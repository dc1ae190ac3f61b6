import { useId } from "react";
import { inputClass, labelClass } from "./styles";

type TextFieldProps = Omit<React.InputHTMLAttributes<HTMLInputElement>, "onChange" | "id"> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
};

export function TextField({ label, onChange, className, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input id={id} className={inputClass} onChange={(e) => onChange(e.target.value)} {...input} />
    </div>
  );
}
