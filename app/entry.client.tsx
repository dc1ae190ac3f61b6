import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/**
 * Settings renders its open tab from a lazy chunk (ADR 045). Hydrating before that chunk is here would leave the
 * panel's server HTML inert until it arrives (a click on Connect or Reconnect lost), so on /settings the open
 * tab's code is fetched first. Other pages hydrate at once.
 */
const ready =
  location.pathname === "/settings"
    ? import("./components/settings/tab-panels").then((m) =>
        m.preloadOpenPanel(new URLSearchParams(location.search).get("tab")),
      )
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
