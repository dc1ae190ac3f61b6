// The mail module's public surface: other modules import it only from here (ADR 079).

export type { MailBrand, MailContent, RenderedMail } from "./branded";
export { brandedMail } from "./branded";
export type { MailAttachment, Mailer, MailMessage } from "./mailer";
export { CloudflareMailer, DevMailboxMailer } from "./mailer";
export type { OutboxEntry } from "./outbox";
export { MailOutbox } from "./outbox";
