import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { createdAt, ms } from "./columns";

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    displayName: text("display_name").notNull(),
    passwordHash: text("password_hash").notNull(),
    timezone: text("timezone").notNull().default("UTC"),
    createdAt: createdAt(),
    updatedAt: ms("updated_at").notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email)],
);

export const passwordResets = sqliteTable(
  "password_resets",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    expiresAt: ms("expires_at").notNull(),
    attempts: integer("attempts").notNull().default(0),
    verifiedAt: ms("verified_at"),
    grantHash: text("grant_hash"),
    grantExpiresAt: ms("grant_expires_at"),
    consumedAt: ms("consumed_at"),
    createdAt: createdAt(),
  },
  (t) => [index("password_resets_user_idx").on(t.userId, t.createdAt)],
);

export const devMailbox = sqliteTable("dev_mailbox", {
  id: text("id").primaryKey(),
  to: text("to_address").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  /** The mail's HTML part beside its text (branded mails); null for text-only mails. */
  html: text("html"),
  createdAt: createdAt(),
});

/** A dev mail's attachment (a scheduled report's PDF), so the dev mailbox shows what a recipient would get. */
export const devMailAttachments = sqliteTable("dev_mail_attachments", {
  id: text("id").primaryKey(),
  mailId: text("mail_id")
    .notNull()
    .references(() => devMailbox.id, { onDelete: "cascade" }),
  filename: text("filename").notNull(),
  contentType: text("content_type").notNull(),
  /** The bytes in base64: dev mail only, bounded by the Mailer's attachment limit. */
  contentBase64: text("content_base64").notNull(),
});

export const feedback = sqliteTable(
  "feedback",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    message: text("message").notNull(),
    satisfied: integer("satisfied", { mode: "boolean" }),
    email: text("email"),
    attachmentKey: text("attachment_key"),
    attachmentName: text("attachment_name"),
    attachmentType: text("attachment_type"),
    attachmentSize: integer("attachment_size"),
    createdAt: createdAt(),
  },
  (t) => [index("feedback_user_idx").on(t.userId)],
);

export const events = sqliteTable(
  "events",
  {
    id: text("id").primaryKey(),
    userId: text("user_id"),
    name: text("name").notNull(),
    path: text("path"),
    properties: text("properties", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("events_user_idx").on(t.userId, t.createdAt)],
);

export const billingInterest = sqliteTable("billing_interest", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});
