import { GetFormButton } from "~/components/ui/GetFormButton";

/** The id of the sign-in page's GET form that switches its step without JavaScript (`/auth?mode=forgot`). */
export const AUTH_NAV_FORM = "auth-nav";

/** The page's step switcher: a plain GET form, so its buttons work before (or without) JavaScript. */
export function AuthNavForm({ redirectTo }: { redirectTo: string }) {
  return (
    <form id={AUTH_NAV_FORM} method="get" action="/auth" hidden>
      {redirectTo !== "/dashboard" && <input type="hidden" name="redirectTo" value={redirectTo} />}
    </form>
  );
}

/**
 * A button that moves the sign-in page to another step: with JavaScript `onClick` does it in place, without
 * it the button submits the page's GET form with `mode` (no mode: back to sign-in).
 */
export function NavButton({
  mode,
  onClick,
  className,
  children,
}: {
  mode?: "forgot";
  onClick: () => void;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <GetFormButton form={AUTH_NAV_FORM} name={mode && "mode"} value={mode} className={className} onClick={onClick}>
      {children}
    </GetFormButton>
  );
}
