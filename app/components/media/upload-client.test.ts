import { describe, expect, it } from "vitest";
import type { MediaJson } from "../../../workers/media/present";
import {
  advance,
  checkFiles,
  inParallel,
  kindOf,
  nearLimitWarning,
  partRanges,
  SINGLE_REQUEST_MAX,
  UPLOAD_CANCELLED,
  UPLOAD_CONCURRENCY,
  type UploadItem,
  uploadedMessage,
  uploadFiles,
  uploadSummary,
  type XhrFactory,
} from "./upload-client";

const MB = 1024 * 1024;
/** A File whose size is claimed without holding the bytes (slice still works on the real blob). */
function fakeFile(name: string, type: string, size: number): File {
  const file = new File([new Uint8Array(Math.min(size, 64))], name, { type });
  Object.defineProperty(file, "size", { value: size });
  return file;
}

describe("checkFiles", () => {
  it("refuses non-media and oversized files with the spec's messages", () => {
    const { items, skipped } = checkFiles([
      fakeFile("notes.pdf", "application/pdf", 1000),
      fakeFile("big.png", "image/png", 51.2 * MB),
      fakeFile("huge.mp4", "video/mp4", 260 * MB),
      fakeFile("ok.jpg", "image/jpeg", 1000),
    ]);
    expect(skipped).toEqual([
      { name: "notes.pdf", message: "Unsupported file type. Only images and videos are allowed." },
      { name: "big.png", message: "Image file too large. Maximum size is 50MB, your file is 51.2MB" },
      { name: "huge.mp4", message: "Video file too large. Maximum size is 250MB, your file is 260MB" },
    ]);
    expect(items.map((i) => [i.name, i.kind, i.status, i.progress])).toEqual([["ok.jpg", "image", "pending", 0]]);
  });

  it("refuses image types the library does not keep, and keeps at most 10 files", () => {
    const files = [
      fakeFile("logo.svg", "image/svg+xml", 10),
      ...Array.from({ length: 11 }, (_, i) => fakeFile(`p${i}.png`, "image/png", 10)),
    ];
    const { items, skipped } = checkFiles(files);
    expect(items).toHaveLength(10);
    expect(skipped).toEqual([
      { name: "logo.svg", message: "Unsupported file type. Only images and videos are allowed." },
      { name: "p10.png", message: "You can upload up to 10 files at a time." },
    ]);
    const twoMore = checkFiles(files.slice(1, 4), 2);
    expect([twoMore.items.length, twoMore.skipped.map((s) => s.name)]).toEqual([2, ["p2.png"]]);
  });

  it("flags a file above 80% of its limit with its percentage", () => {
    expect(nearLimitWarning("image", 40 * MB)).toBeUndefined();
    expect(nearLimitWarning("image", 43 * MB)).toBe("86% of the 50MB limit");
    expect(nearLimitWarning("video", 240 * MB)).toBe("96% of the 250MB limit");
    expect(checkFiles([fakeFile("v.mov", "video/quicktime", 225 * MB)]).items[0]!.warning).toBe(
      "90% of the 250MB limit",
    );
  });

  it("knows a file by its extension when the browser gives no type", () => {
    expect(kindOf({ name: "clip.AVI", type: "" })).toBe("video");
    expect(kindOf({ name: "clip.mov", type: "" })).toBe("video");
    expect(kindOf({ name: "photo.jpeg", type: "" })).toBe("image");
    expect(kindOf({ name: "photo.webp", type: "image/webp" })).toBe("image");
    expect(kindOf({ name: "setup.exe", type: "" })).toBeNull();
  });
});

describe("uploadedMessage", () => {
  it("names what was uploaded", () => {
    expect(uploadedMessage(["image"])).toBe("Successfully uploaded 1 image!");
    expect(uploadedMessage(["video", "video"])).toBe("Successfully uploaded 2 videos!");
    expect(uploadedMessage(["image", "video", "image"])).toBe("Successfully uploaded 3 files!");
  });
});

describe("partRanges", () => {
  it("cuts equal parts and a shorter last one", () => {
    expect(partRanges(25 * MB, 10 * MB)).toEqual([
      [0, 10 * MB],
      [10 * MB, 20 * MB],
      [20 * MB, 25 * MB],
    ]);
    expect(partRanges(20 * MB, 10 * MB)).toHaveLength(2);
  });
});

describe("advance", () => {
  const base: UploadItem = { id: "1", name: "a.png", size: 10, kind: "image", status: "pending", progress: 0 };
  const media = { id: "m1" } as MediaJson;
  it("goes pending → uploading % → completed, and never back", () => {
    const up = advance(base, { type: "start" });
    expect(up.status).toBe("uploading");
    expect(advance(up, { type: "progress", progress: 40 }).progress).toBe(40);
    expect(advance(up, { type: "progress", progress: 100 }).progress).toBe(99);
    const done = advance(advance(up, { type: "progress", progress: 40 }), { type: "done", media });
    expect([done.status, done.progress, done.media]).toEqual(["completed", 100, media]);
    expect(advance(done, { type: "fail", error: "x" })).toBe(done);
    expect(advance(base, { type: "progress", progress: 50 })).toBe(base);
  });
  it("keeps the server's message when it fails", () => {
    const failed = advance(advance(base, { type: "start" }), { type: "fail", error: "Image file too large." });
    expect([failed.status, failed.error]).toEqual(["failed", "Image file too large."]);
  });
  it("puts a failed item back to pending on retry, and nothing else", () => {
    const failed = advance(advance(base, { type: "start" }), { type: "fail", error: "Network error" });
    const again = advance(failed, { type: "retry" });
    expect([again.status, again.progress, again.error]).toEqual(["pending", 0, undefined]);
    const done = advance(advance(base, { type: "start" }), { type: "done", media });
    expect(advance(done, { type: "retry" })).toBe(done);
  });
});

describe("uploadSummary", () => {
  const item = (status: UploadItem["status"]): UploadItem => ({
    id: status,
    name: "a.png",
    size: 1,
    kind: "image",
    status,
    progress: 0,
  });
  it("says where a round stands while it runs and how it ended", () => {
    expect(uploadSummary([item("completed"), item("uploading"), item("pending")])).toBe(
      "Uploading 2 files: 1 of 3 done",
    );
    expect(uploadSummary([item("completed"), item("completed"), item("failed")])).toBe("2 files uploaded, 1 failed");
    expect(uploadSummary([item("completed")])).toBe("1 file uploaded");
    expect(uploadSummary([])).toBe("");
  });
});

describe("inParallel", () => {
  it("runs at most `limit` at once, starts the next as one ends, and keeps the order of the results", async () => {
    const started: number[] = [];
    const finish = new Map<number, () => void>();
    const settle = () => new Promise((r) => setTimeout(r, 0));
    const all = inParallel([1, 2, 3, 4], 2, async (n) => {
      started.push(n);
      await new Promise<void>((resolve) => finish.set(n, resolve));
      return n * 10;
    });
    await settle();
    expect(started).toEqual([1, 2]);
    finish.get(2)!();
    await settle();
    expect(started).toEqual([1, 2, 3]);
    for (const n of [1, 3, 4]) {
      finish.get(n)!();
      await settle();
    }
    expect(await all).toEqual([10, 20, 30, 40]);
  });
});

/** A scripted XMLHttpRequest: each request is answered by `respond`, after reporting upload progress. */
function fakeXhr(
  respond: (
    method: string,
    url: string,
    body: unknown,
  ) => { status: number; body: unknown; progress?: number[] } | "hang",
) {
  const log: Array<{ method: string; url: string; body: unknown }> = [];
  const factory: XhrFactory = () => {
    let method = "";
    let url = "";
    const req = {
      status: 0,
      responseText: "",
      upload: { onprogress: null as null | ((e: ProgressEvent) => void) },
      onload: null as null | (() => void),
      onerror: null as null | (() => void),
      onabort: null as null | (() => void),
      open(m: string, u: string) {
        method = m;
        url = u;
      },
      setRequestHeader() {},
      abort() {
        queueMicrotask(() => req.onabort?.());
      },
      send(body: unknown) {
        log.push({ method, url, body });
        const answer = respond(method, url, body);
        if (answer === "hang") return;
        queueMicrotask(() => {
          for (const loaded of answer.progress ?? []) req.upload.onprogress?.({ loaded } as ProgressEvent);
          req.status = answer.status;
          req.responseText = JSON.stringify(answer.body);
          req.onload?.();
        });
      },
    };
    return req as unknown as ReturnType<XhrFactory>;
  };
  return { factory, log };
}

describe("uploadFiles", () => {
  it("sends a small file in one request and reports real progress, then completes", async () => {
    const { items } = checkFiles([fakeFile("a.png", "image/png", 1000)]);
    const { factory, log } = fakeXhr(() => ({
      status: 201,
      body: { success: true, message: "ok", data: [{ id: "m1" }] },
      progress: [250, 500, 1000],
    }));
    const seen: string[] = [];
    const [result] = await uploadFiles(items, { xhr: factory, onItem: (i) => seen.push(`${i.status} ${i.progress}`) });
    expect(log.map((r) => `${r.method} ${r.url}`)).toEqual(["POST /api/media/upload"]);
    expect((log[0]!.body as FormData).get("folder")).toBe("general");
    expect(seen).toEqual(["uploading 0", "uploading 25", "uploading 50", "uploading 99", "completed 100"]);
    expect(result!.media).toEqual({ id: "m1" });
  });

  it("stores each file's thumbnail once the file is in, and completes with the item as listed then (issue 42)", async () => {
    const { items } = checkFiles([fakeFile("big.jpg", "image/jpeg", 12.5 * MB)]);
    const { factory } = fakeXhr(() => ({ status: 201, body: { success: true, message: "ok", data: [{ id: "m1" }] } }));
    const made: string[] = [];
    const [result] = await uploadFiles(items, {
      xhr: factory,
      onItem: () => {},
      thumbnail: async (file, media) => {
        made.push(`${file.name} ${media.id}`);
        return { ...media, thumbnailUrl: "/media/m1/thumb" };
      },
    });
    expect(made).toEqual(["big.jpg m1"]);
    expect(result!.media).toEqual({ id: "m1", thumbnailUrl: "/media/m1/thumb" });
  });

  it("fails an item with the server's message and carries on with the next", async () => {
    const { items } = checkFiles([fakeFile("evil.png", "image/png", 100), fakeFile("b.png", "image/png", 100)]);
    let n = 0;
    const { factory } = fakeXhr(() =>
      n++ === 0
        ? {
            status: 415,
            body: {
              success: false,
              message: "The file's contents do not match an image or video. Only images and videos are allowed.",
            },
          }
        : { status: 201, body: { success: true, message: "ok", data: [{ id: "m2" }] } },
    );
    const results = await uploadFiles(items, { xhr: factory, onItem: () => {} });
    expect(results.map((r) => [r.status, r.error])).toEqual([
      ["failed", "The file's contents do not match an image or video. Only images and videos are allowed."],
      ["completed", undefined],
    ]);
  });

  it(`sends several files at once, at most ${UPLOAD_CONCURRENCY} in flight`, async () => {
    const files = Array.from({ length: 5 }, (_, i) => fakeFile(`${i}.png`, "image/png", 100));
    const { items } = checkFiles(files);
    const { factory, log } = fakeXhr(() => "hang");
    const seen = new Set<string>();
    void uploadFiles(items, { xhr: factory, onItem: (i) => seen.add(`${i.name} ${i.status}`) });
    await new Promise((r) => setTimeout(r, 0));
    // Three requests are out before any answers: the files go side by side, not one after another.
    expect(log.length).toBe(UPLOAD_CONCURRENCY);
    expect([...seen]).toEqual(["0.png uploading", "1.png uploading", "2.png uploading"]);
  });

  it("sends a large file in parts of the server's part size with progress across parts", async () => {
    const size = SINGLE_REQUEST_MAX + 5 * MB;
    const { items } = checkFiles([new File([new Uint8Array(size)], "long.mp4", { type: "video/mp4" })]);
    const { factory, log } = fakeXhr((method, url, body) => {
      if (url === "/api/media/uploads")
        return {
          status: 201,
          body: { success: true, message: "Upload started", data: { uploadId: "u1", partSize: 10 * MB, parts: 3 } },
        };
      if (method === "PUT") {
        const n = Number(url.split("/").pop());
        return {
          status: 200,
          body: { success: true, message: "", data: { partNumber: n, etag: `e${n}` } },
          progress: [(body as Blob).size],
        };
      }
      return { status: 201, body: { success: true, message: "Successfully uploaded 1 file!", data: { id: "m3" } } };
    });
    const progress: number[] = [];
    const [result] = await uploadFiles(items, { xhr: factory, onItem: (i) => progress.push(i.progress) });
    expect(log.map((r) => `${r.method} ${r.url}`)).toEqual([
      "POST /api/media/uploads",
      "PUT /api/media/uploads/u1/parts/1",
      "PUT /api/media/uploads/u1/parts/2",
      "PUT /api/media/uploads/u1/parts/3",
      "POST /api/media/uploads/u1/complete",
    ]);
    expect(JSON.parse(log[0]!.body as string)).toEqual({
      filename: "long.mp4",
      size,
      contentType: "video/mp4",
      folder: "general",
    });
    expect(log.slice(1, 4).map((r) => (r.body as Blob).size)).toEqual([10 * MB, 10 * MB, 5 * MB]);
    expect(JSON.parse(log[4]!.body as string)).toEqual({
      parts: [1, 2, 3].map((n) => ({ partNumber: n, etag: `e${n}` })),
    });
    expect(progress).toEqual([0, 40, 80, 99, 100]);
    expect(result!.status).toBe("completed");
  });

  it("aborts: the request is cancelled, the multipart upload is removed on the server, the item fails", async () => {
    const { items } = checkFiles([fakeFile("long.mp4", "video/mp4", SINGLE_REQUEST_MAX + 1)]);
    const controller = new AbortController();
    const { factory, log } = fakeXhr((method, url) => {
      if (url === "/api/media/uploads")
        return {
          status: 201,
          body: { success: true, message: "", data: { uploadId: "u9", partSize: 10 * MB, parts: 3 } },
        };
      if (method === "PUT") {
        queueMicrotask(() => controller.abort());
        return "hang";
      }
      return { status: 200, body: { success: true, message: "Upload cancelled", data: null } };
    });
    const [result] = await uploadFiles(items, { xhr: factory, signal: controller.signal, onItem: () => {} });
    expect(log.map((r) => `${r.method} ${r.url}`)).toEqual([
      "POST /api/media/uploads",
      "PUT /api/media/uploads/u9/parts/1",
      "DELETE /api/media/uploads/u9",
    ]);
    expect([result!.status, result!.error]).toEqual(["failed", UPLOAD_CANCELLED]);
  });
});
