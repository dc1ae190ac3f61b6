import { afterEach, describe, expect, it } from "vitest";
import { jpegBytes } from "../test/media-fixtures";
import { mediaLinks } from "../test/media-links";
import { connectPinterestClient, pinterestClient, RECIPES_BOARD } from "../test/pinterest-fixtures";
import { clearFaults, failure, media, mp4Bytes, pngBytes, sandboxFetch } from "../test/platform-sandbox";
import { PinMediaMessages } from "./pinterest-media";
import type { AccountCredentials } from "./types";

/**
 * Carousel pins (PinMediaSource `multiple_image_urls` / `multiple_image_base64`, 2–5 images): the client against
 * the emulator, and the emulator's own refusals as Pinterest's API description words them.
 */
const client = pinterestClient;
const RECIPES = RECIPES_BOARD;
const connect = async () => (await connectPinterestClient()).account;

const png = () => media("image", "image/png", pngBytes());
const pinOf = (images: ReturnType<typeof png>[], text = `Three loaves ${crypto.randomUUID().slice(0, 8)}`) => ({
  marker: crypto.randomUUID(),
  text,
  media: images,
  options: { board: RECIPES },
});

/** POST /v5/pins straight to the emulator, as any API client would. */
async function createPin(account: AccountCredentials, mediaSource: Record<string, unknown>) {
  const res = await sandboxFetch("https://api.pinterest.com/v5/pins", {
    method: "POST",
    headers: { Authorization: `Bearer ${account.accessToken}`, "Content-Type": "application/json" },
    body: JSON.stringify({ board_id: RECIPES, description: "carousel", media_source: mediaSource }),
  });
  return { status: res.status, body: await res.json<Record<string, unknown>>() };
}

afterEach(clearFaults);

describe("Pinterest carousel pins", () => {
  it("publishes three images as one carousel pin and finds it again by its text", async () => {
    const account = await connect();
    const request = pinOf([png(), png(), png()]);
    const since = Date.now();
    const out = await client.publish(account, request);
    const res = await sandboxFetch(`https://api.pinterest.com/v5/pins/${out.remoteId}`, {
      headers: { Authorization: `Bearer ${account.accessToken}` },
    });
    const body = await res.json<Record<string, unknown>>();
    expect(body).toMatchObject({ creative_type: "CAROUSEL", media: { media_type: "multiple_images" } });
    expect((body.media as { items: unknown[] }).items).toHaveLength(3);
    expect(await client.findPublished(account, "m", since, request.text)).toEqual(out);
  });

  it("refuses, before calling Pinterest, a video with images and more than five images", async () => {
    const account = await connect();
    const video = media("video", "video/mp4", mp4Bytes(4096));
    expect((await failure(client.publish(account, pinOf([video, png()])))).message).toBe(PinMediaMessages.videoAlone);
    const six = Array.from({ length: 6 }, png);
    expect((await failure(client.publish(account, pinOf(six)))).message).toBe(PinMediaMessages.carouselSize);
  });

  it("the emulator takes 2–5 images by URL, fetching each, and refuses other counts in Pinterest's words", async () => {
    const account = await connect();
    const { urls } = await mediaLinks({
      a: { bytes: jpegBytes(1000, 1500), name: "a.jpg" },
      b: { bytes: jpegBytes(1000, 1500), name: "b.jpg" },
    });
    const items = [{ url: urls.a }, { url: urls.b, title: "Crumb", link: "https://bakery.example/crumb" }];
    const made = await createPin(account, { source_type: "multiple_image_urls", items, index: 1 });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ creative_type: "CAROUSEL", media: { media_type: "multiple_images", index: 1 } });
    const one = await createPin(account, { source_type: "multiple_image_urls", items: [{ url: urls.a }] });
    expect([one.status, one.body.message]).toEqual([
      400,
      "Invalid request: media_source.items must hold 2 to 5 images.",
    ]);
    const far = await createPin(account, {
      source_type: "multiple_image_urls",
      items: [{ url: urls.a }, { url: "https://elsewhere.example/b.jpg" }],
    });
    expect([far.status, far.body.message]).toEqual([400, "Sorry we could not fetch the image."]);
    const badData = await createPin(account, {
      source_type: "multiple_image_base64",
      items: [
        { content_type: "image/png", data: "AAAA" },
        { content_type: "image/png", data: "AAAA" },
      ],
    });
    expect([badData.status, badData.body.message]).toEqual([
      400,
      "Sorry, the image data does not match its content_type.",
    ]);
  });
});
