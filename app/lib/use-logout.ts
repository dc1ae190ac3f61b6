import { useSubmit } from "react-router";
import { notify } from "./notify";

/**
 * Signs out through the sign-in page's action, as the sidebar's plain form does without JavaScript: the action
 * ends the session and redirects to /auth (even without one), then the toast says so.
 */
export function useLogout() {
  const submit = useSubmit();
  return async () => {
    await submit({ intent: "logout" }, { method: "post", action: "/auth", replace: true });
    notify.success("Logged out successfully");
  };
}
