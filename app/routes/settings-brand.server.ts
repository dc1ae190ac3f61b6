import type { signedIn } from "~/lib/page-session.server";
import { brandService } from "../../workers/branding/index";
import { BrandMessages, brandInput } from "../../workers/branding/public";
import type { AppContext } from "../../workers/context";
import { parseOrThrow } from "../../workers/http/validate";
import { ensurePermitted } from "../../workers/tenancy/middleware";

const INTENTS = new Set(["brand", "brand-logo", "brand-logo-remove"]);
export const isBrandIntent = (intent: string) => INTENTS.has(intent);

/** Settings → Workspace → Brand's forms, through the same service, rules and messages as /api/brand (ADR 085). */
export async function brandAction(
  intent: string,
  form: FormData,
  ctx: AppContext,
  { auth, workspace, vars }: Pick<ReturnType<typeof signedIn>, "auth" | "workspace" | "vars">,
) {
  ensurePermitted(vars, "workspace.settings");
  const brands = brandService(ctx.services);
  if (intent === "brand") {
    const color = String(form.get("color") ?? "").trim();
    const input = parseOrThrow(brandInput, { color: color === "" ? null : color });
    await brands.setColor(workspace.id, auth.user.id, input.color);
    return { ok: true as const, intent, message: BrandMessages.saved };
  }
  if (intent === "brand-logo") {
    const file = form.get("logo");
    await brands.setLogo(workspace.id, auth.user.id, file instanceof File ? file : null);
    return { ok: true as const, intent, message: BrandMessages.logoSaved };
  }
  await brands.removeLogo(workspace.id, auth.user.id);
  return { ok: true as const, intent, message: BrandMessages.logoRemoved };
}
