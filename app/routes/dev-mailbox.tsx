import { data } from "react-router";
import { EmptyState } from "~/components/ui/EmptyState";
import { Inbox } from "~/components/ui/icons";
import { linkButton } from "~/components/ui/styles";
import { pageMeta } from "~/lib/meta";
import { appContext } from "../../workers/context";
import type { Route } from "./+types/dev-mailbox";
import { latestMail } from "./dev-mailbox.server";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Dev Mailbox" }),
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  if (!services.config.DEV_ROUTES) throw data("Not Found", { status: 404 });
  return { mail: await latestMail(services.directory) };
}

export default function DevMailbox({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-semibold">Dev Mailbox</h1>
      <p className="mt-1 mb-6 text-sm text-slate-500">
        Mail the app sent while running locally, newest first. Only when DEV_ROUTES=true (npm start, npm run dev).
      </p>
      {loaderData.mail.length === 0 ? (
        <EmptyState icon={Inbox} title="No mail yet">
          Ask for a password reset code and it will show up here.
        </EmptyState>
      ) : (
        <ol className="space-y-4">
          {loaderData.mail.map((m) => (
            <li key={m.id}>
              <article
                className="rounded-lg border border-slate-200 bg-surface p-4 [overflow-wrap:anywhere]"
                aria-label={`${m.subject} to ${m.to}`}
              >
                <header className="flex flex-wrap justify-between gap-2 text-sm">
                  <h2 className="font-semibold">{m.subject}</h2>
                  <time dateTime={m.sentAt} className="text-slate-500">
                    {m.sentAt.replace("T", " ").slice(0, 19)} UTC
                  </time>
                </header>
                <p className="mt-1 text-sm text-slate-600">To: {m.to}</p>
                <pre className="mt-3 whitespace-pre-wrap font-sans text-sm text-slate-800">{m.text}</pre>
                {m.html ? (
                  <details className="mt-3 text-sm">
                    <summary className="cursor-pointer text-slate-600">HTML part</summary>
                    {/* Sandboxed without scripts: the mail's HTML runs nothing. Same origin only so that its images
                        from this Postline (the workspace's logo) pass the page's img-src 'self', as in a mail program. */}
                    <iframe
                      title={`HTML part of ${m.subject}`}
                      sandbox="allow-same-origin"
                      srcDoc={m.html}
                      className="mt-2 h-96 w-full rounded border border-slate-200 bg-white"
                    />
                  </details>
                ) : null}
                {m.attachments.length > 0 && (
                  <ul className="mt-3 flex flex-wrap gap-3 text-sm" aria-label="Attachments">
                    {m.attachments.map((a) => (
                      <li key={a.url}>
                        <a href={a.url} className={linkButton} target="_blank" rel="noreferrer">
                          {a.filename}
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
              </article>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}
