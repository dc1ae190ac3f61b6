import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { LazyNotFound } from "./components/LazyNotFound";
import { Toasts } from "./components/ui/Toasts";
import { pageMeta } from "./lib/meta";
import { useNonce } from "./lib/nonce";
import { themeFromCookies } from "./lib/theme";
import { usePageViews } from "./lib/use-page-views";

/** Static files from public/ (copied to the build's client assets, served before the Worker runs). */
export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

/** The default title, description, keywords and share tags; each route replaces them with its own. */
export const meta: Route.MetaFunction = () => pageMeta();

/** The chosen theme goes on <html> in the server's HTML, so the first paint is already in it. */
export function loader({ request }: Route.LoaderArgs) {
  return { theme: themeFromCookies(request.headers.get("Cookie")) };
}

/**
 * Read once, for the document: Settings changes the theme in the browser (attribute and cookie together), so
 * navigations have nothing to read again, and the sign-in page's redirect-after-action keeps its one revalidation.
 */
export const shouldRevalidate = () => false;

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const theme = useRouteLoaderData<typeof loader>("root")?.theme ?? "system";
  return (
    <html lang="en" data-theme={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4f46e5" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <Toasts />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  usePageViews();
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <LazyNotFound />;
  // A loader's refusal (loadOrThrow) carries the API's message, which says what to change; its status text is
  // React Router's default ("Internal Server Error"), as it is thrown with a status alone, so it is not shown.
  const refusal = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : null;
  const message = refusal
    ? "This page cannot be shown"
    : isRouteErrorResponse(error)
      ? `${error.status} ${error.statusText}`
      : "Something went wrong";
  return (
    <main className="p-8">
      <h1 className="text-xl font-semibold">{message}</h1>
      {refusal ? (
        <p role="alert" className="mt-2 text-sm text-slate-600">
          {refusal}
        </p>
      ) : null}
    </main>
  );
}
