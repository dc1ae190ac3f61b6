// The automation module's public surface: other modules import it only from here (ADR 079).

export type { ApiKeyContext } from "./api-keys";
export { ApiKeyService, createKeySchema, KeyMessages } from "./api-keys";
export { keyRoutes } from "./key-routes";
export { mcpRoutes, PROTECTED_RESOURCE_PATH, protectedResourceRoutes } from "./mcp";
export type { DeliveryDeps } from "./webhook-delivery";
export { consumeWebhookBatch, requeuePending, sendTestEvent } from "./webhook-delivery";
export { webhookRoutes } from "./webhook-routes";
export { webhookTransport } from "./webhook-transport";
export type { EmitEvent, EmitTo, Subscriber, WebhookMessage } from "./webhooks";
export { createEndpointSchema, updateEndpointSchema, WebhookMessages, WebhookService } from "./webhooks";
