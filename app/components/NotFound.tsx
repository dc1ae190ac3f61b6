import { Link } from "react-router";
import { ArrowLeft, FileQuestion, Home, RefreshCw } from "~/components/ui/icons";
import { primaryButton, secondaryButton } from "~/components/ui/styles";

const QUICK_LINKS = [
  { to: "/dashboard", label: "Dashboard" },
  { to: "/planner", label: "Content Planner" },
  { to: "/analytics", label: "Analytics" },
  { to: "/settings", label: "Settings" },
];

export function NotFound() {
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-10">
      <div className="max-w-lg text-center">
        <FileQuestion className="mx-auto size-14 text-brand-500" aria-hidden />
        <p className="mt-4 text-5xl font-bold text-slate-500" aria-hidden>
          404
        </p>
        <h1 className="mt-2 text-2xl font-semibold">Page Not Found</h1>
        <p className="mt-2 text-slate-500">Oops! This page doesn't exist</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/dashboard" className={primaryButton}>
            <Home className="size-4" aria-hidden /> Back to Dashboard
          </Link>
          <button type="button" className={secondaryButton} onClick={() => window.history.back()}>
            <ArrowLeft className="size-4" aria-hidden /> Go Back
          </button>
          <button type="button" className={secondaryButton} onClick={() => window.location.reload()}>
            <RefreshCw className="size-4" aria-hidden /> Refresh Page
          </button>
        </div>
        <nav aria-label="Quick links" className="mt-8">
          <h2 className="text-sm font-medium text-slate-500">Quick links</h2>
          <ul className="mt-2 flex flex-wrap justify-center gap-4 text-sm">
            {QUICK_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="text-brand-600 hover:underline">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </main>
  );
}
