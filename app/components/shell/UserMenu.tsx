import { OnDemandMenu } from "~/components/ui/OnDemandMenu";
import { onDemand } from "~/lib/on-demand";
import { initials } from "~/lib/user";
import type { UserMenuProps } from "./UserMenuContent";

export const avatarButtonClass =
  "flex size-9 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-on-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/** The avatar's initials are part of its name, so the name holds what is on screen (WCAG 2.5.3). */
export const userMenuLabel = (user: UserMenuProps["user"]) => `Open user menu, ${initials(user)}`;

/** The dropdown (Radix menu and its positioning code) loads on first use, not with every page. */
const menu = onDemand(() => import("./UserMenuContent").then((m) => m.UserMenuContent));

/** The avatar button; its menu loads when first pressed. */
export function UserMenu(props: UserMenuProps) {
  return (
    <OnDemandMenu menu={menu} props={props} label={userMenuLabel(props.user)} className={avatarButtonClass}>
      {initials(props.user)}
    </OnDemandMenu>
  );
}
