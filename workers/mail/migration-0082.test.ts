import { applyD1Migrations, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "../db/client";
import { inboxAccountBefore } from "../inbox/migration.test-helper";
import type { Mailer, MailMessage } from "./mailer";
import { MailOutbox, STALE_SEND_MS } from "./outbox";

/** A fixed instant: the rows below are data, not times the app compares with now. */
const AT = Date.UTC(2026, 0, 20, 9);

/** A mailer that keeps what it sent, and refuses the sends it is told to (the network, or a dying Worker). */
function recordingMailer() {
  const sent: MailMessage[] = [];
  let refusals = 0;
  const mailer: Mailer = {
    async send(message) {
      if (refusals > 0) {
        refusals -= 1;
        throw new Error("the mail service refused");
      }
      sent.push(message);
    },
  };
  return { mailer, sent, refuseNext: () => (refusals += 1) };
}

/**
 * Migration 0082 (mail_outbox, ADR 129) on a database with a workspace in it, then its one writer (MailOutbox): a
 * mail recorded in a batch is sent once however many senders try, stays for the next sender when sending failed,
 * and goes with its workspace.
 */
describe("migration 0082 (mail_outbox)", () => {
  it("records a workspace's mail in a batch and sends it once, again after a failed send, never after its workspace", async () => {
    const d1 = await inboxAccountBefore("0082");
    await applyD1Migrations(d1, env.TEST_MIGRATIONS);
    const db = createDb(d1);
    const { mailer, sent, refuseNext } = recordingMailer();
    let now = AT;
    const outbox = new MailOutbox({ db, mailer, now: () => now });
    const invite = outbox.entry("w1", { to: "new@example.com", subject: "Join Shop", text: "Accept: /invite/abc" });
    const other = outbox.entry("w1", { to: "b@example.com", subject: "A notice", text: "Open", html: "<p>Open</p>" });
    await db.batch([invite.write, other.write]);

    // Two senders at once (the request and a retry answered from its work): one mail each.
    await Promise.all([outbox.send([invite.id]), outbox.sendPending("w1")]);
    expect(sent.map((m) => m.to).sort()).toEqual(["b@example.com", "new@example.com"]);
    expect(sent.find((m) => m.to === "b@example.com")).toEqual({
      to: "b@example.com",
      subject: "A notice",
      text: "Open",
      html: "<p>Open</p>",
    });
    await outbox.sendPending("w1");
    expect(sent).toHaveLength(2);
    expect((await d1.prepare("SELECT count(*) AS n FROM mail_outbox").first<{ n: number }>())!.n).toBe(0);

    // A send that failed leaves the mail for the next sender; a claim whose sender died is taken over once stale.
    const retried = outbox.entry("w1", { to: "c@example.com", subject: "Again", text: "x" });
    await retried.write;
    refuseNext();
    await expect(outbox.send([retried.id])).rejects.toThrow("refused");
    await d1.prepare("UPDATE mail_outbox SET claimed_at = ?").bind(now).run();
    await outbox.sendPending("w1");
    expect(sent).toHaveLength(2);
    now += STALE_SEND_MS + 1;
    await outbox.sendAbandoned();
    expect(sent.map((m) => m.to)).toContain("c@example.com");

    // A workspace deleted before its mail went: the mail goes with it.
    await outbox.entry("w1", { to: "d@example.com", subject: "Late", text: "x" }).write;
    await d1.prepare("DELETE FROM workspaces WHERE id = 'w1'").run();
    expect((await d1.prepare("SELECT count(*) AS n FROM mail_outbox").first<{ n: number }>())!.n).toBe(0);
  });
});
