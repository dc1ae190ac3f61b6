import { once } from "node:events";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { jpegBytes } from "../workers/test/media-fixtures";
import { expect, test } from "./browser";
import { gotoHydrated, newUser, registerViaApi } from "./helpers";
import { connectViaConsent } from "./platforms";

test("Settings → API: a key is created, copied and used (last used shows), a webhook endpoint logs and re-sends a published post's delivery, and sends a test event", async ({
  journey: { page, baseUrl },
}) => {
  // A receiver on this machine (loopback is allowed while APP_ENV is development or test).
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.end("got it");
    });
  }).listen(0, "127.0.0.1");
  await once(receiver, "listening");
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  try {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
    await registerViaApi(page, newUser("Ines Costa"));
    await connectViaConsent(page, "linkedin");

    await gotoHydrated(page, "/settings?tab=api");
    const keyForm = page.getByRole("form", { name: "Create an API key" });
    await keyForm.getByLabel("Key name").fill("Journey bot");
    await keyForm.getByRole("checkbox", { name: "write" }).check();
    await keyForm.getByRole("checkbox", { name: "publish" }).check();
    await keyForm.getByRole("button", { name: "Create key" }).click();
    await page.getByRole("button", { name: "Copy" }).click();
    await page.getByRole("button", { name: "Copied" }).waitFor();
    const key = await page.evaluate(() => navigator.clipboard.readText());
    expect(key).toMatch(/^pl_/);
    await page.getByRole("button", { name: "Done" }).click();
    const keys = page.getByRole("list", { name: "Your API keys" });
    await keys.getByText("Last used: Never").waitFor();

    // The key at work, from outside the browser: upload an image, find the channel.
    const auth = { Authorization: `Bearer ${key}` };
    const form = new FormData();
    form.append("files", new File([Buffer.from(jpegBytes(1080, 1080))], "hook.jpg", { type: "image/jpeg" }));
    const upload = await fetch(`${baseUrl}/api/media/upload`, { method: "POST", headers: auth, body: form });
    expect(upload.status).toBe(201);
    const image = ((await upload.json()) as { data: Array<{ id: string }> }).data[0]!.id;
    const accounts = (await (await fetch(`${baseUrl}/api/accounts`, { headers: auth })).json()) as {
      data: { accounts: Array<{ _id: string }> };
    };

    await page.reload();
    await keys.getByText(/Last used: (?!Never)/).waitFor();

    const hookForm = page.getByRole("form", { name: "Add a webhook endpoint" });
    await hookForm.getByLabel("Endpoint URL").fill(hookUrl);
    await hookForm.getByRole("button", { name: "Add endpoint" }).click();
    const signing = page.getByRole("textbox", { name: "The endpoint's signing secret." });
    // A browser that refuses the clipboard: the secret is selected and the user told to copy it, not a dead button.
    await page.evaluate(() => {
      navigator.clipboard.writeText = () =>
        Promise.reject(new DOMException("Document is not focused.", "NotAllowedError"));
    });
    await page.getByRole("button", { name: "Copy" }).click();
    await page.getByText("This browser did not let Postline copy it: it is selected, press Ctrl+C").waitFor();
    const selected = await signing.evaluate((input: HTMLInputElement) =>
      input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0),
    );
    expect(selected).toBe(await signing.inputValue());
    await page.getByRole("button", { name: "Done" }).click();
    const endpoint = page
      .getByRole("list", { name: "Webhook endpoints" })
      .getByRole("listitem")
      .filter({ hasText: hookUrl });
    await endpoint.getByText("Enabled").waitFor();

    const published = await fetch(`${baseUrl}/api/posts`, {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() },
      body: JSON.stringify({
        content: `Hooked at ${new Date().toISOString()}`,
        platforms: ["linkedin"],
        selectedAccounts: { linkedin: [accounts.data.accounts[0]!._id] },
        images: [image],
        publishNow: true,
      }),
    });
    expect(published.status).toBe(201);
    await expect.poll(() => received.length, { timeout: 60_000, interval: 500 }).toBe(1);
    expect(JSON.parse(received[0]!.body).type).toBe("post.published");
    expect(received[0]!.headers["webhook-signature"]).toMatch(/^v1,/);

    await endpoint.getByRole("button", { name: "Delivery log" }).click();
    const row = endpoint.getByRole("table", { name: "Deliveries" }).getByRole("row").first();
    await row.getByText("succeeded").waitFor();
    await row.getByText(/1 attempt · last: 200/).waitFor();
    await row.getByRole("button", { name: "Re-send" }).click();
    await page.getByRole("status").filter({ hasText: "Delivery queued again" }).waitFor();
    await expect.poll(() => received.length, { timeout: 60_000, interval: 500 }).toBe(2);
    expect(received[1]!.headers["webhook-id"]).toBe(received[0]!.headers["webhook-id"]);
    await endpoint.getByRole("button", { name: "Refresh" }).click();
    await row.getByText(/2 attempts · last: 200/).waitFor();

    // "Send test event": signed and sent at once, the endpoint's answer in the notice, first in the open log.
    await endpoint.getByRole("button", { name: "Send test event" }).click();
    await page.getByRole("status").filter({ hasText: "Test event delivered: your endpoint answered 200." }).waitFor();
    expect(received).toHaveLength(3);
    expect(JSON.parse(received[2]!.body).type).toBe("webhook.test");
    expect(received[2]!.headers["webhook-signature"]).toMatch(/^v1,/);
    await row.getByText("webhook.test").waitFor();
    await row.getByText(/1 attempt · last: 200/).waitFor();
  } finally {
    receiver.close();
  }
}, 180_000);
