import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "./browser";
import { toast } from "./helpers";

// The journeys are only as strict as their fixture: these must fail, or problems would go unnoticed.
test.fails("a console error fails the journey", async ({ journey: { page } }) => {
  await page.goto("/auth");
  await page.evaluate(() => console.error("something broke"));
});

test.fails("an unexpected 4xx response fails the journey", async ({ journey: { page } }) => {
  await page.goto("/auth");
  await page.evaluate(() => fetch("/api/auth/me"));
});

test("a request written to a connection the server has just reset is sent again", async ({
  journey: { page },
  expect,
}) => {
  // A server that resets the first connection it is sent a request on, as a closing keep-alive connection does.
  let resets = 0;
  const server = createServer((req, res) => {
    if (resets++ === 0) return req.socket.resetAndDestroy();
    res.end("second try");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const res = await page.context().request.post(`http://127.0.0.1:${port}/`, { data: "once" });
    expect(await res.text()).toBe("second try");
    expect(resets).toBe(2);
  } finally {
    server.close();
  }
});

test("a toast on screen for a moment, gone before anyone looked, still counts as shown, once", async ({
  journey: { page },
  expect,
}) => {
  await page.goto("/auth");
  await page.waitForFunction(() => "__toastsSeen" in window);
  // sonner's markup, shown and taken down again within one task: no poll from outside the page can see it.
  await page.evaluate(() => {
    const toaster = document.createElement("section");
    toaster.setAttribute("aria-label", "Notifications alt+T");
    document.body.append(toaster);
    const item = document.createElement("li");
    item.setAttribute("data-sonner-toast", "");
    item.textContent = "Saved for a moment";
    toaster.append(item);
    return new Promise<void>((done) =>
      setTimeout(() => {
        item.remove();
        done();
      }),
    );
  });
  expect(await page.locator("[data-sonner-toast]").count()).toBe(0);
  await toast(page, "Saved for a moment");
  // Read once: a second wait for the same text needs the toast shown again.
  expect(await page.evaluate(() => (window as unknown as { __toastsSeen: string[] }).__toastsSeen)).toEqual([]);
});
