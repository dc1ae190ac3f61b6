import type { Db } from "../db/client";
import { devMailbox } from "../db/schema/index";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Local and test mail: stored in D1 and shown at /dev/mailbox so a person can finish a reset. */
export class DevMailboxMailer implements Mailer {
  constructor(private readonly db: Db) {}

  async send(message: MailMessage): Promise<void> {
    await this.db.insert(devMailbox).values({ id: crypto.randomUUID(), ...message });
  }
}

/** Production mail through Cloudflare's send_email binding (a raw RFC 5322 message). */
export class CloudflareMailer implements Mailer {
  constructor(
    private readonly binding: SendEmail,
    private readonly from: string,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const { createMimeMessage } = await import("mimetext");
    const mime = createMimeMessage();
    mime.setSender({ addr: this.from, name: "Postline" });
    mime.setRecipient(message.to);
    mime.setSubject(message.subject);
    mime.addMessage({ contentType: "text/plain", data: message.text });
    const { EmailMessage } = await import("cloudflare:email");
    await this.binding.send(new EmailMessage(this.from, message.to, mime.asRaw()));
  }
}
