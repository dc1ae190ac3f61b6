/**
 * Settings → API's URL parameter naming the endpoint whose delivery log is open (a plain GET without JavaScript).
 * Its own module: api-view.ts brings the timezone library, which the browser's API tab does not need.
 */
export const DELIVERY_LOG = "log";
