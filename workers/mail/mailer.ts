import { toBase64 } from "../crypto";
import type { Db } from "../db/client";
import { devMailAttachments, devMailbox } from "../db/schema/index";

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML part beside the text (branded mails, `brandedMail`); the text part always goes too. */
  html?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Local and test mail: stored in D1 and shown at /dev/mailbox so a person can finish a reset or open a report. */
export class DevMailboxMailer implements Mailer {
  constructor(private readonly db: Db) {}

  async send({ attachments = [], ...message }: MailMessage): Promise<void> {
    const mailId = crypto.randomUUID();
    await this.db.batch([
      this.db.insert(devMailbox).values({ id: mailId, ...message }),
      ...attachments.map((a) =>
        this.db.insert(devMailAttachments).values({
          id: crypto.randomUUID(),
          mailId,
          filename: a.filename,
          contentType: a.contentType,
          contentBase64: toBase64(a.content),
        }),
      ),
    ]);
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
    // Both parts make a multipart/alternative: a program shows the HTML, a plain-text reader the text.
    if (message.html) mime.addMessage({ contentType: "text/html", data: message.html });
    for (const a of message.attachments ?? [])
      mime.addAttachment({ filename: a.filename, contentType: a.contentType, data: toBase64(a.content) });
    const { EmailMessage } = await import("cloudflare:email");
    await this.binding.send(new EmailMessage(this.from, message.to, mime.asRaw()));
  }
}
