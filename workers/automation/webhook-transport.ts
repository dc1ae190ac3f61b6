/**
 * The network webhook deliveries go out on. Worker tests cannot open ports, so they swap `fetch` for a
 * receiver of their own (`vi.spyOn(webhookTransport, "fetch")`); everything else uses the platform's fetch.
 */
export const webhookTransport: { fetch: typeof fetch } = { fetch: (input, init) => fetch(input, init) };
