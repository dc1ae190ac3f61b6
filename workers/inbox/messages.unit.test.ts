import { describe, expect, it } from "vitest";
import { answerCalls, messagesOf } from "./messages";
import { metaDelivery } from "./meta-webhook";
import { replyWindow, threadWindow } from "./window-rules";

const HOUR = 3_600_000;
const AT = 1_800_000_000_000;

describe("the reply window (Meta's 24 hours)", () => {
  it("counts down in hours, then minutes, from the person's last message", () => {
    expect(replyWindow("facebook", AT, AT + 21 * HOUR)).toEqual({
      open: true,
      closesAt: new Date(AT + 24 * HOUR).toISOString(),
      text: "Reply window closes in 3 h",
    });
    expect(replyWindow("instagram", AT, AT + 24 * HOUR - 20 * 60_000)?.text).toBe("Reply window closes in 20 min");
  });

  it("says it closed in Meta's terms once 24 hours have passed", () => {
    expect(replyWindow("facebook", AT, AT + 24 * HOUR)).toMatchObject({
      open: false,
      text: "Reply window closed: Meta allows replies within 24 hours of their last message",
    });
  });

  it("has none where the network sets none", () => {
    expect(replyWindow("twitter", AT, AT + 48 * HOUR)).toBeNull();
  });
});

describe("a conversation's reply window", () => {
  const at = (ms: number) => new Date(ms).toISOString();
  it("runs from the person's latest message, not the opened one's nor the account's answers", () => {
    const thread = [
      { at: at(AT), ours: false },
      { at: at(AT + 1 * HOUR), ours: true },
      { at: at(AT + 20 * HOUR), ours: false },
      { at: at(AT + 22 * HOUR), ours: true },
    ];
    // 30 h after the first message: closed by it, open by the latest one (which closes at AT + 44 h).
    expect(threadWindow("facebook", thread, AT + 30 * HOUR)).toMatchObject({
      open: true,
      closesAt: at(AT + 44 * HOUR),
      text: "Reply window closes in 14 h",
    });
    expect(threadWindow("instagram", thread, AT + 44 * HOUR)?.open).toBe(false);
  });

  it("is absent where the person has not written, or the network sets none", () => {
    expect(threadWindow("facebook", [{ at: at(AT), ours: true }], AT)).toBeNull();
    expect(threadWindow("twitter", [{ at: at(AT), ours: false }], AT + 48 * HOUR)).toBeNull();
  });
});

describe("the messages webhook", () => {
  const delivery = (messaging: unknown[]) =>
    metaDelivery.parse({ object: "page", entry: [{ id: "PAGE", time: 1, messaging }] });

  it("reads people's messages into items of their thread, and skips the Page's echoes", () => {
    const got = messagesOf(
      delivery([
        { sender: { id: "PSID" }, recipient: { id: "PAGE" }, timestamp: AT, message: { mid: "m_1", text: "Hi" } },
        { sender: { id: "PAGE" }, recipient: { id: "PSID" }, timestamp: AT, message: { mid: "m_2", text: "Hello" } },
        {
          sender: { id: "PSID" },
          recipient: { id: "PAGE" },
          message: { mid: "m_3", text: "echo", is_echo: true },
        },
        { sender: { id: "PSID" }, recipient: { id: "PAGE" }, read: { watermark: 1 } },
      ]),
      0,
    );
    expect(got).toEqual([
      {
        platform: "facebook",
        ownerId: "PAGE",
        remoteId: "m_1",
        conversationId: "PSID",
        text: "Hi",
        createdAt: AT,
      },
    ]);
  });
});

describe("which call answers an item", () => {
  const calls: string[] = [];
  const adapter = {
    platform: "facebook" as const,
    comments: async () => [],
    reply: async (_a: unknown, id: string) => {
      calls.push(`reply ${id}`);
      return { remoteId: "r" };
    },
    sendMessage: async (_a: unknown, to: string) => {
      calls.push(`message ${to}`);
      return { remoteId: "m" };
    },
  };
  const creds = { platformUserId: "PAGE", accessToken: "t", accountType: "page", metadata: {} };

  it("a message goes to its conversation's person; a comment is replied under", async () => {
    await answerCalls(adapter, { kind: "message", remoteId: "m_1", conversationId: "PSID" })!.send(creds, "x");
    await answerCalls(adapter, { kind: "comment", remoteId: "c_1", conversationId: null })!.send(creds, "x");
    expect(calls).toEqual(["message PSID", "reply c_1"]);
    expect(
      answerCalls({ ...adapter, sendMessage: undefined }, { kind: "message", remoteId: "m", conversationId: "P" }),
    ).toBeNull();
  });
});
