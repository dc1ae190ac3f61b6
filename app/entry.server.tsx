import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { appContext } from "../workers/context";
import { LazyNotFound } from "./components/LazyNotFound";
import { preloadMarks } from "./components/platforms/PlatformMark";
import { NonceProvider } from "./lib/nonce";

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce } = loadContext.get(appContext);
  // An error page's 404 panel renders in the same pass as the page (it is lazy in the browser only).
  await LazyNotFound.preload();
  // Network marks are lazy in the browser only (ADR 096): the server renders them in the same pass.
  await preloadMarks();
  let shellRendered = false;
  const userAgent = request.headers.get("user-agent");

  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      // A completed Suspense boundary is sent in place, never "outlined" (React moves a large one in with a
      // script, so without JavaScript it would stay hidden): pages work as plain HTML (ADR 030).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;

  // Bots and SPA-mode builds get the whole document at once.
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;

  responseHeaders.set("Content-Type", "text/html");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
