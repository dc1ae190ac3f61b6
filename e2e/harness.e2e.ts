import { test } from "./browser";

// The journeys are only as strict as their fixture: these must fail, or problems would go unnoticed.
test.fails("a console error fails the journey", async ({ journey: { page } }) => {
  await page.goto("/auth");
  await page.evaluate(() => console.error("something broke"));
});

test.fails("an unexpected 4xx response fails the journey", async ({ journey: { page } }) => {
  await page.goto("/auth");
  await page.evaluate(() => fetch("/api/auth/me"));
});
