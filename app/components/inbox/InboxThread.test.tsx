import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { InboxThread, type ThreadView } from "./InboxThread";

const thread = (window: ThreadView["window"]): ThreadView => ({
  id: "i1",
  messages: [
    { id: "i1", from: "Dana", text: "Do you deliver?", at: "2026-03-05T09:00:00.000Z", ours: false },
    { id: "i1:reply", from: null, text: "Yes, until noon!", at: "2026-03-05T09:30:00.000Z", ours: true },
  ],
  window,
});

const render = (view: ThreadView) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <InboxThread thread={view} author="Dana" timeZone="America/New_York" closeTo="?">
        {(closed) => <textarea aria-describedby={closed?.id} disabled={Boolean(closed)} />}
      </InboxThread>
    </MemoryRouter>,
  );

describe("a direct message's conversation in the inbox (ADR 092)", () => {
  it("lists the messages in order, the person's and the team's told apart, at the member's local time", () => {
    const html = render(thread(null));
    expect(html).toContain("Conversation with Dana");
    expect(html).toMatch(
      /<ol aria-label="Messages".*Dana.*Mar 5, 2026, 4:00 AM.*Do you deliver\?.*Your team.*Yes, until noon!/s,
    );
    expect(html).toContain("<textarea></textarea>");
  });

  it("keeps the reply box, disabled and described by the reason, once the window has closed", () => {
    const text = "Reply window closed: Meta allows replies within 24 hours of their last message";
    const html = render(thread({ open: false, closesAt: "2026-03-06T09:00:00.000Z", text }));
    const reason = html.match(/<p id="([^"]+)"[^>]*>([^<]+)<\/p>/);
    expect(reason?.[2]).toBe(text);
    expect(html).toContain(`<textarea aria-describedby="${reason?.[1]}" disabled=""></textarea>`);
  });

  it("shows how long an open window has left, and leaves the reply box usable", () => {
    const html = render(
      thread({ open: true, closesAt: "2026-03-06T09:00:00.000Z", text: "Reply window closes in 3 h" }),
    );
    expect(html).toContain("Reply window closes in 3 h");
    expect(html).toContain("<textarea></textarea>");
  });
});
