import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [index("routes/home.tsx"), route("ai-assistant", "routes/ai-assistant.tsx")] satisfies RouteConfig;
