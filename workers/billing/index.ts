// The billing module's public surface: other modules import it only from here (ADR 079).
export { BILLING_NOTIFY_MESSAGE, registerBillingInterest } from "./interest";
export { billingRoutes } from "./routes";
