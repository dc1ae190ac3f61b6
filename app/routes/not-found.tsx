import { data } from "react-router";
import { NotFound } from "~/components/NotFound";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Page Not Found", description: "This page doesn't exist." });

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundPage() {
  return <NotFound />;
}
