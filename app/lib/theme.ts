/**
 * The colour theme (SPEC's `theme` key): light, dark, or whatever the system says. It lives in a cookie so the
 * server renders `<html data-theme>` right on the first paint (no flash, no inline script), and in local storage
 * under `theme` as SPEC names it. Nothing about it is per workspace, so nothing is stored server-side.
 */
export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];

export const THEME_COOKIE = "theme";
const YEAR_S = 365 * 86_400;

/** The theme a request's Cookie header asks for; "system" when it names none or an unknown one. */
export function themeFromCookies(header: string | null): Theme {
  for (const part of header?.split(";") ?? []) {
    const [name, value] = part.trim().split("=");
    if (name === THEME_COOKIE) return THEMES.find((t) => t === value) ?? "system";
  }
  return "system";
}

/** The `document.cookie` assignment that keeps the choice for a year on every path. */
export const themeCookie = (theme: Theme) => `${THEME_COOKIE}=${theme}; Path=/; Max-Age=${YEAR_S}; SameSite=Lax`;

const watching = new Set<() => void>();

/** The page's theme as `<html data-theme>` says it, for what draws outside the CSS tokens (the toasts). */
export const pageTheme = {
  current: (): Theme => THEMES.find((t) => t === document.documentElement.dataset.theme) ?? "system",
  subscribe(wake: () => void) {
    watching.add(wake);
    return () => void watching.delete(wake);
  },
};

/** Applies a choice at once (the CSS reads `data-theme`) and keeps it for the next first paint. */
export function applyTheme(theme: Theme) {
  document.documentElement.dataset.theme = theme;
  for (const wake of watching) wake();
  // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie; the server only reads it.
  document.cookie = themeCookie(theme);
  localStorage.setItem(THEME_COOKIE, theme);
}
