/**
 * A button that acts in place with JavaScript (`onClick`) and, without it, submits a page's GET form (`form`,
 * adding `name=value` when given), so a step or a disclosure that writes nothing works before JavaScript too.
 */
export function GetFormButton({
  form,
  name,
  value,
  onClick,
  className,
  children,
}: {
  form: string;
  name?: string;
  value?: string;
  onClick: () => void;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <button
      type="submit"
      form={form}
      name={name}
      value={value}
      className={className}
      onClick={(e) => {
        e.preventDefault();
        onClick();
      }}
    >
      {children}
    </button>
  );
}
