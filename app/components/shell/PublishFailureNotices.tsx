import { useEffect } from "react";
import { api } from "~/lib/api";
import { notify } from "~/lib/notify";

interface Failure {
  targetId: string;
  platform: string;
  status: "failed" | "unconfirmed";
  message: string | null;
  content: string;
}

const label = (platform: string) => (platform === "twitter" ? "X" : platform[0]!.toUpperCase() + platform.slice(1));

/**
 * Tells the user, once, about channels that failed (or could not be confirmed) while they were away:
 * no silent failures. Each notice stays until dismissed and links to the post list.
 */
export function PublishFailureNotices() {
  useEffect(() => {
    let cancelled = false;
    void api<{ failures: Failure[] }>("/api/notifications/failures").then(async (res) => {
      if (cancelled || !res.ok || res.data.failures.length === 0) return;
      for (const f of res.data.failures) {
        const what =
          f.status === "unconfirmed"
            ? `Could not confirm your ${label(f.platform)} post`
            : `Publishing to ${label(f.platform)} failed`;
        notify.error(`${what}: ${f.message ?? "unknown error"}`, {
          description: f.content,
          duration: Infinity,
          action: { label: "View", onClick: () => window.location.assign("/content?status=failed") },
        });
      }
      await api("/api/notifications/failures/seen", { json: { targetIds: res.data.failures.map((f) => f.targetId) } });
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return null;
}
