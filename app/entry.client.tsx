import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { ignoreAbortedLoads } from "./lib/aborted-loads";

ignoreAbortedLoads(window);

/**
 * Settings, the Content Hub and Analytics render their open tab from a lazy chunk (ADR 045, 104). Hydrating before
 * that chunk is here would leave the panel's server HTML inert until it arrives (a click on Connect or Upload lost),
 * so on those pages the open tab's code is fetched first. Other pages hydrate at once.
 */
const search = new URLSearchParams(location.search);
const ready: Promise<unknown> =
  location.pathname === "/settings"
    ? import("./components/settings/tab-panels").then((m) => m.preloadOpenPanel(search.get("tab")))
    : location.pathname === "/content"
      ? import("./components/content/content-tabs").then((m) => m.preloadOpenTab(search))
      : location.pathname === "/analytics"
        ? import("./components/analytics/tab-panels").then((m) => m.preloadOpenPanel(search))
        : Promise.resolve();

void ready
  .catch(() => {}) // the panel then loads as it renders, as before
  .then(() =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    }),
  );
