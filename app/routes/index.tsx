import { redirect } from "react-router";
import { appContext } from "../../workers/context";
import type { Route } from "./+types/index";

export function loader({ context }: Route.LoaderArgs) {
  throw redirect(context.get(appContext).auth ? "/dashboard" : "/auth");
}
