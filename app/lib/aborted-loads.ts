/**
 * react-router 8.4 hands a loader's data to the page as soon as the first line of its response is decoded and
 * reads the rest of the body in the background. When a newer navigation or revalidation aborts that request
 * mid-body (the live inbox revalidates while a member clicks), the decoder's leftover promises reject with an
 * AbortError ("BodyStreamBuffer was aborted") that nothing listens to. An abort is a cancellation someone asked
 * for, not a failure, so it is not reported as an uncaught error; every other rejection still is.
 */
export function ignoreAbortedLoads(target: EventTarget) {
  target.addEventListener("unhandledrejection", (event) => {
    const { reason } = event as PromiseRejectionEvent;
    if (reason instanceof DOMException && reason.name === "AbortError") event.preventDefault();
  });
}
