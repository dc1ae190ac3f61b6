import { describe, expect, it } from "vitest";
import { editLock, LOCK_LEAD_MS } from "../../../workers/delivery/edit-lock";
import { lockNotice } from "./lock-notice";

const at = Date.parse("2026-03-05T09:00:00Z");
const time = (ms: number) => new Date(ms).toISOString().slice(11, 16);

describe("the editor's lock notice (issue 42)", () => {
  it("says when a scheduled post locks, before anyone types, and leaves everything editable", () => {
    const lock = editLock([{ platform: "twitter", status: "scheduled", dueAt: at }], at - 3600_000);
    expect(lockNotice(lock, [], time)).toEqual({
      text: "This post locks for publishing at 08:58, shortly before it goes out at 09:00. Save your changes before then.",
      frozen: false,
      lockedPlatforms: [],
    });
    const closing = editLock([{ platform: "twitter", status: "scheduled", dueAt: at }], at - LOCK_LEAD_MS);
    expect(lockNotice(closing, [], time)?.text).toBe(
      "This post goes out at 09:00 and may lock for publishing any moment now: save your changes right away.",
    );
  });

  it("says what is publishing now, freezes the post's text and that channel, and names what can still change", () => {
    const lock = editLock(
      [
        { platform: "twitter", status: "queued", dueAt: at },
        { platform: "linkedin", status: "scheduled", dueAt: at + 3600_000 },
      ],
      at,
    );
    expect(lockNotice(lock, [], time)).toEqual({
      text: "This post is being published right now on X, so its text, hashtags, mentions, title and media can no longer change. You can still change the time, accounts and versions of LinkedIn.",
      frozen: true,
      lockedPlatforms: ["twitter"],
    });
  });

  it("freezes a post already live on a network, and says nothing of a draft", () => {
    const published = editLock([{ platform: "instagram", status: "published", dueAt: null }], at);
    expect(lockNotice(published, ["instagram"], time)).toMatchObject({ frozen: true, lockedPlatforms: ["instagram"] });
    expect(lockNotice(editLock([{ platform: "twitter", status: "draft", dueAt: null }], at), [], time)).toBeNull();
  });
});
