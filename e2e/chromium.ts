/**
 * Debian's Chromium headless shell (downloading a browser fails here) and the flags it runs with, for the journeys
 * and the bench: the same engine as the full browser without the browser around it, a quarter less CPU (ADR 115).
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
