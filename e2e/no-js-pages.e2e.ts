import { expect } from "vitest";
import { jpegBytes } from "../workers/test/media-fixtures";
import { noJsTest as test } from "./browser";
import { newUser, registerViaApi } from "./helpers";
import { connectViaConsent as connect } from "./platforms";

test("with JavaScript off, the Queue page adds and removes slots, reorders, pauses and resumes", async ({
  journey: { page, baseUrl, expectStatus },
}) => {
  await registerViaApi(page, newUser("Plain Queue"));
  await connect(page, "twitter");
  await page.goto("/queue");
  const card = page.getByRole("region", { name: /^Queue of / });
  const status = (text: string) => page.getByRole("status").filter({ hasText: text }).waitFor();
  const slots = card.getByRole("list", { name: /^Time slots of / });

  // Add slot posts at once: Mon–Fri (checked already) and Sun at 09:00.
  await card.getByRole("checkbox", { name: "Sun" }).check();
  await card.getByLabel("Slot time").fill("09:00");
  await card.getByRole("button", { name: "Add slot" }).click();
  await status("Queue time slots saved");
  expect(await slots.getByRole("listitem").allInnerTexts()).toEqual(
    ["Mon", "Tue", "Wed", "Thu", "Fri", "Sun"].map((d) => `${d} 09:00`),
  );
  await card.getByRole("button", { name: "Remove Wed 09:00" }).click();
  await status("Queue time slots saved");
  expect(await slots.getByText("Wed 09:00").count()).toBe(0);
  expect(await slots.getByRole("listitem").count()).toBe(5);

  // No day chosen: refused with the action's message, nothing saved.
  for (const d of ["Mon", "Tue", "Wed", "Thu", "Fri"]) await card.getByRole("checkbox", { name: d }).uncheck();
  expectStatus(400, "/queue");
  await card.getByRole("button", { name: "Add slot" }).click();
  expect(await page.getByRole("alert").innerText()).toBe("Please choose at least one day for the new slot");
  expect(await slots.getByRole("listitem").count()).toBe(5);

  // Two posts through Add to queue; Move down swaps the times they hold.
  const api = page.context().request;
  const headers = { Origin: baseUrl };
  const accountId = (await (await api.get("/api/queue")).json()).data.queues[0].accountId;
  const upload = await api.post("/api/media/upload", {
    multipart: { files: { name: "plain.jpg", mimeType: "image/jpeg", buffer: Buffer.from(jpegBytes(1080, 1080)) } },
    headers,
  });
  const images = [(await upload.json()).data[0].id as string];
  for (const content of ["Plain first", "Plain second"]) {
    const res = await api.post("/api/posts", {
      data: { content, platforms: ["twitter"], selectedAccounts: { twitter: [accountId] }, images, addToQueue: true },
      headers,
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await page.goto("/queue");
  const rows = card.getByRole("list", { name: /^Upcoming slots of / }).getByRole("listitem");
  await rows.first().getByText("Plain first").waitFor();
  await card.getByRole("button", { name: "Move down: Plain first" }).click();
  await status("Queue reordered");
  await rows.first().getByText("Plain second").waitFor();
  await rows.nth(1).getByText("Plain first").waitFor();

  await card.getByRole("button", { name: "Pause queue" }).click();
  await status("Queue paused: none of this account's posts will be published until you resume it");
  await card.getByRole("button", { name: "Resume queue" }).click();
  await status("Queue resumed: posts due while it was paused are published now");
  expect(await card.getByRole("button", { name: "Pause queue" }).count()).toBe(1);
});
