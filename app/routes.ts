import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/index.tsx"),
  route("auth", "routes/auth.tsx"),
  layout("routes/app-layout.tsx", { id: "app" }, [
    route("dashboard", "routes/dashboard.tsx"),
    route("planner", "routes/planner.tsx"),
    route("queue", "routes/queue.tsx"),
    route("import", "routes/import.tsx"),
    route("content", "routes/content.tsx"),
    route("posts/:id/delete", "routes/post-delete.tsx"),
    route("posts/:id/share", "routes/post-share.tsx"),
    route("approvals", "routes/approvals.tsx"),
    route("agency", "routes/agency.tsx"),
    route("inbox", "routes/inbox.tsx"),
    route("analytics", "routes/analytics.tsx"),
    route("ai-assistant", "routes/ai-assistant.tsx"),
    route("settings", "routes/settings.tsx"),
  ]),
  route("invite/:token", "routes/invite.tsx"),
  route("review/:token", "routes/review.tsx"),
  route("unsubscribe/:token", "routes/unsubscribe.tsx"),
  route("dev/mailbox", "routes/dev-mailbox.tsx"),
  route("dev/mailbox/attachments/:id", "routes/dev-mailbox-attachment.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
