import { describe, expect, it } from "vitest";
import { insertAccount } from "../test/fixtures";
import { call, registerUser, uploadImage } from "../test/helpers";
import { dbOf } from "../test/shards";

/** A count over the workspace's rows, on its shard. */
const count = async (sql: string, workspaceId: string) =>
  (await (await dbOf(workspaceId)).prepare(sql).bind(workspaceId).first<{ n: number }>())!.n;

describe("POST /api/posts/validate (dry run)", () => {
  it("returns every problem, the composer's checks included, and writes nothing", async () => {
    const u = await registerUser();
    const account = await insertAccount(u.user.id, "linkedin");
    const image = await uploadImage(u.token);
    const bad = await call<"POST /api/posts/validate">("/api/posts/validate", {
      token: u.token,
      body: {
        content: "x".repeat(3001),
        platforms: ["linkedin"],
        selectedAccounts: { linkedin: [account] },
        images: [image],
        status: "scheduled",
        scheduledDate: "2020-01-01T00:00:00Z",
      },
    });
    expect(bad.status).toBe(200);
    expect(bad.body.data!.valid).toBe(false);
    expect(bad.body.data!.messages.length + bad.body.data!.problems.length).toBeGreaterThan(0);

    const schema = await call<"POST /api/posts/validate">("/api/posts/validate", {
      token: u.token,
      body: { content: "   " },
    });
    expect(schema.body.data).toEqual({
      valid: false,
      messages: expect.arrayContaining(["Please enter some content for your post"]),
      problems: [],
    });

    const good = await call<"POST /api/posts/validate">("/api/posts/validate", {
      token: u.token,
      body: {
        content: "Fine",
        platforms: ["linkedin"],
        selectedAccounts: { linkedin: [account] },
        images: [image],
        status: "scheduled",
        scheduledDate: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(good.body.data, JSON.stringify(good.body)).toMatchObject({ valid: true, messages: [], problems: [] });
    expect(await count("SELECT count(*) AS n FROM posts WHERE workspace_id = ?", u.user.id)).toBe(0);
  });
});
