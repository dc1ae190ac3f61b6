import { data } from "react-router";
import { appContext } from "../../workers/context";
import type { Route } from "./+types/dev-mailbox-attachment";
import { mailAttachment } from "./dev-mailbox.server";

/** A dev mail's attachment (a scheduled report's PDF): a resource route, only when DEV_ROUTES is on. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  if (!services.config.DEV_ROUTES) throw data("Not Found", { status: 404 });
  const file = await mailAttachment(services.directory, params.id);
  if (!file) throw data("Not Found", { status: 404 });
  return file;
}
