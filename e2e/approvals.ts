import type { Page } from "playwright-core";
import { jpegBytes } from "../workers/test/media-fixtures";
import { expect } from "./browser";
import { gotoHydrated, registerViaApi } from "./helpers";
import { connectViaConsent } from "./platforms";

/**
 * A new owner with X connected and a photo uploaded (`images`), whose workspace requires approval when asked:
 * what the Approvals journeys start from. With `clientWorkspace`, that workspace is first made in Settings →
 * Workspace, as an agency makes one per client, and everything else happens in it.
 */
export async function ownerWithX(
  page: Page,
  baseUrl: string,
  user: { name: string; email: string; password: string },
  opts: { approvalRequired: boolean; clientWorkspace?: string },
) {
  await registerViaApi(page, user);
  if (opts.clientWorkspace) {
    await gotoHydrated(page, "/settings?tab=workspace");
    const form = page.getByRole("region", { name: "New workspace" });
    await form.getByLabel("Name").fill(opts.clientWorkspace);
    await form.getByRole("button", { name: "Create workspace" }).click();
    await page.waitForURL("**/dashboard");
    await page.getByRole("button", { name: `Switch workspace: ${opts.clientWorkspace}` }).waitFor();
  }
  const api = page.context().request;
  const headers = { Origin: baseUrl };
  if (opts.approvalRequired) {
    const { workspace } = (await (await api.get("/api/auth/me")).json()).data;
    const patched = await api.patch(`/api/workspaces/${workspace.id}`, { data: { approvalRequired: true }, headers });
    expect(patched.status()).toBe(200);
  }
  await connectViaConsent(page, "twitter");
  const upload = await api.post("/api/media/upload", {
    multipart: { files: { name: "ask.jpg", mimeType: "image/jpeg", buffer: Buffer.from(jpegBytes(1080, 1080)) } },
    headers,
  });
  const images = [(await upload.json()).data[0].id as string];
  const me = (await (await api.get("/api/auth/me")).json()).data;
  return { api, headers, me, images };
}

/**
 * The owner of `ownerWithX` in a workspace that requires approval, with these posts submitted at their times (`at`,
 * epoch ms), each with the photo `images` names.
 */
export async function awaitingApproval(
  page: Page,
  baseUrl: string,
  user: { name: string; email: string; password: string },
  posts: Array<{ content: string; at: number }>,
) {
  const { api, headers, me, images } = await ownerWithX(page, baseUrl, user, { approvalRequired: true });
  for (const { content, at } of posts) {
    const res = await api.post("/api/posts", {
      data: {
        content,
        platforms: ["twitter"],
        selectedAccounts: { twitter: [me.connectedAccounts[0].id] },
        images,
        status: "scheduled",
        scheduledDate: new Date(at).toISOString(),
      },
      headers,
    });
    expect((await res.json()).message).toBe("Post submitted for approval");
  }
  return { me, api, images };
}
