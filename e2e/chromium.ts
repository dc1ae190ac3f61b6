/**
 * The browser the journeys and the bench drive, and its flags. Debian's build of Chromium's headless shell (downloading
 * a browser fails here): the same engine as the full browser without its windowing and profile services, which Playwright
 * also runs by default for headless Chromium. It took a quarter off the journeys' CPU (ADR 112).
 */
export const CHROMIUM = "/usr/bin/chromium-headless-shell";
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
