/** Settings → API's URL parameter naming the endpoint whose delivery log is open (a plain GET without JavaScript). */
export const DELIVERY_LOG = "log";
