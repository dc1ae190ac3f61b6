import { useNavigate } from "react-router";
import { api } from "./api";
import { notify } from "./notify";

/** Ends the session on the server, then always lands on /auth, even when the call fails. */
export function useLogout() {
  const navigate = useNavigate();
  return async () => {
    await api("/api/auth/logout", { json: {} });
    notify.success("Logged out successfully");
    navigate("/auth", { replace: true });
  };
}
