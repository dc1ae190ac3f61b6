import { useState } from "react";
import { Link, type ShouldRevalidateFunction } from "react-router";
import { Users } from "~/components/ui/icons";
import { primaryButton, secondaryButton } from "~/components/ui/styles";
import { pageMeta } from "~/lib/meta";
import { useFormAction } from "~/lib/use-form-action";
import { appContext } from "../../workers/context";
import { NotFound } from "../../workers/errors";
import type { Route } from "./+types/invite";
import { acceptInviteAction } from "./invite.server";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Join a workspace" }),
  { name: "robots", content: "noindex" },
];

/** What the invitation is for; a signed-out visitor is sent through /auth and back here. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, auth } = context.get(appContext);
  const invite = await services.workspaces.preview(params.token).catch((err: unknown) => {
    if (err instanceof NotFound) return null;
    throw err;
  });
  return { invite, signedInAs: auth?.user.email ?? null };
}

/** Accepting posts here: through a fetcher with JavaScript, as a plain post without. */
export function action({ request, context, url, params }: Route.ActionArgs) {
  return acceptInviteAction(request, context.get(appContext), url, params.token);
}

/** An accepted invitation loads the dashboard in full: read again first, it would flash "already used". */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? false : defaultShouldRevalidate;

export default function Invite({ loaderData, params }: Route.ComponentProps) {
  const { invite, signedInAs } = loaderData;
  const [error, setError] = useState<string | null>(null);
  const accept = useFormAction("accept", {
    check: () => {
      setError(null);
      return null;
    },
    // The browser now acts in the joined workspace; a full load shows it everywhere.
    onSuccess: () => window.location.assign("/dashboard"),
    // A refusal shows on the page, as it does without JavaScript.
    announce: (kind, message) => (kind === "error" ? setError(message) : undefined),
  });
  const shown = error ?? accept.error;
  const back = `/auth?${new URLSearchParams({ redirectTo: `/invite/${params.token}` })}`;

  return (
    <main className="mx-auto max-w-md px-4 py-16">
      <div className="rounded-lg border border-slate-200 bg-surface p-6">
        <Users className="size-8 text-brand-600" aria-hidden />
        {!invite ? (
          <>
            <h1 className="mt-3 text-xl font-semibold">Invitation not found</h1>
            <p className="mt-2 text-sm text-slate-600">
              This link is not valid. Ask the person who invited you for a new one.
            </p>
          </>
        ) : (
          <>
            <h1 className="mt-3 text-xl font-semibold">Join {invite.workspaceName}</h1>
            <p className="mt-2 text-sm text-slate-600">
              You are invited as <strong>{invite.role}</strong>. The invitation is for <strong>{invite.email}</strong>.
            </p>
            {invite.state !== "pending" ? (
              <p role="alert" className="mt-4 text-sm text-red-700">
                {invite.state === "used"
                  ? "This invitation has already been used."
                  : "This invitation has expired. Ask for a new one."}
              </p>
            ) : signedInAs ? (
              <div className="mt-5 space-y-3">
                <p className="text-sm text-slate-600">Signed in as {signedInAs}.</p>
                {shown && (
                  <p role="alert" className="text-sm text-red-700">
                    {shown}
                  </p>
                )}
                <form {...accept.form}>
                  <input type="hidden" name="intent" value="accept" />
                  <button type="submit" className={primaryButton} disabled={accept.busy}>
                    Accept invitation
                  </button>
                </form>
              </div>
            ) : (
              <div className="mt-5 flex flex-wrap gap-3">
                <Link to={back} className={primaryButton}>
                  Sign up or log in to accept
                </Link>
                <Link to="/" className={secondaryButton}>
                  Not now
                </Link>
              </div>
            )}
          </>
        )}
      </div>
    </main>
  );
}
