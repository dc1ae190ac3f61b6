import { useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { applyTheme, THEMES, type Theme } from "~/lib/theme";
import type { loader as rootLoader } from "~/root";

const LABELS: Record<Theme, string> = { light: "Light", dark: "Dark", system: "System" };

/** Light, dark or the system's: applied the moment it is picked, kept in a cookie for the next first paint. */
export function ThemeChoice() {
  // The root loader read the cookie for the document, so the server's HTML and the first render agree; a choice
  // made since (in this tab, without a reload) is on <html>.
  const initial = useRouteLoaderData<typeof rootLoader>("root")?.theme ?? "system";
  const [theme, setTheme] = useState<Theme>(initial);
  useEffect(() => setTheme((document.documentElement.dataset.theme as Theme | undefined) ?? "system"), []);
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-700">Theme</legend>
      <div className="flex flex-wrap gap-4">
        {THEMES.map((t) => (
          <label key={t} className="inline-flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="theme"
              value={t}
              checked={theme === t}
              onChange={() => {
                setTheme(t);
                applyTheme(t);
              }}
            />
            {LABELS[t]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
