import { describe, expect, it } from "vitest";
import { call } from "../test/helpers";
import { publishMany, seedFixture, utc } from "./fixture.test-helper";

/**
 * Best times are kept with the version of the weekly rollup they were ranked from (ADR 116): a repeat is served
 * without reading the rollup, and any change to the rollup (a measurement, a deleted post, a rebuild) shows at once.
 */
describe("best times kept at the rollup's version", () => {
  it("answer a repeat without the rollup, and show a new measurement and a deleted post at once", async () => {
    const fx = await seedFixture();
    const { a } = fx;
    const ask = (token = a.token) => call<"GET /api/analytics/best-times">("/api/analytics/best-times", { token });

    const first = await ask();
    expect(first.status).toBe(200);
    const again = await ask();
    expect(again.body.data).toEqual(first.body.data);
    // The directory's batch and the version; the first also read every week of the rollup.
    expect(Number(first.headers.get("X-D1-Round-Trips"))).toBe(3);
    expect(Number(again.headers.get("X-D1-Round-Trips"))).toBe(2);
    expect(Number(again.headers.get("X-D1-Rows-Read"))).toBeLessThan(Number(first.headers.get("X-D1-Rows-Read")));

    // A post published and measured is analyzed on the next request.
    const [postId] = await publishMany(fx, 1, { at: () => utc(9, 14, 30) });
    const measured = await ask();
    expect(measured.body.data.postsAnalyzed).toBe(first.body.data.postsAnalyzed + 1);
    expect(Number(measured.headers.get("X-D1-Round-Trips"))).toBe(3);

    // Deleting the post takes its measurement out.
    const deleted = await call(`/api/posts/${postId}`, { method: "DELETE", token: a.token });
    expect(deleted.status).toBe(200);
    expect((await ask()).body.data).toEqual(first.body.data);
  });
});
