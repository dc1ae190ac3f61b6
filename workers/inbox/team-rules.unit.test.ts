import { describe, expect, it } from "vitest";
import { assistInboxItem } from "../ai/builtin/inbox";
import {
  applyRules,
  bulkInWords,
  fillTemplate,
  firstName,
  hasCondition,
  type Rule,
  responseStats,
  ruleInWords,
  ruleMatches,
} from "./team-rules";

const rule = (r: Partial<Rule>): Rule => ({
  id: "r",
  keyword: null,
  platform: null,
  accountId: null,
  kind: null,
  sentiment: null,
  action: "label",
  value: "x",
  ...r,
});
const item = {
  text: "I want a REFUND please",
  platform: "twitter",
  accountId: "acc-1",
  kind: "comment",
  sentiment: "negative" as const,
};

describe("saved replies' variables", () => {
  it("fill first name, name, network and the member; leave unknown ones as written", () => {
    expect(firstName("@hungry_hana")).toBe("Hungry");
    expect(firstName("Ana María López")).toBe("Ana");
    expect(
      fillTemplate("Hi {first_name} ({name}), thanks on {network}! {me} {unknown}", {
        author: "@hungry_hana",
        network: "X",
        me: "Eddie",
      }),
    ).toBe("Hi Hungry (hungry_hana), thanks on X! Eddie {unknown}");
  });
});

describe("rules", () => {
  it("match only when every condition set holds; a keyword is a whole word in any case", () => {
    expect(ruleMatches(rule({ keyword: "refund" }), item)).toBe(true);
    expect(ruleMatches(rule({ keyword: "fund" }), item)).toBe(false);
    expect(ruleMatches(rule({ keyword: "refund", platform: "threads" }), item)).toBe(false);
    expect(ruleMatches(rule({ sentiment: "negative", kind: "comment" }), item)).toBe(true);
    expect(ruleMatches(rule({ sentiment: "positive" }), item)).toBe(false);
    expect(ruleMatches(rule({ keyword: "c++" }), { ...item, text: "love c++!" })).toBe(true);
  });

  it("apply in order: the first assignee wins, labels add up once, hide hides", () => {
    const out = applyRules(
      [
        rule({ keyword: "refund", action: "assign", value: "u1" }),
        rule({ sentiment: "negative", action: "assign", value: "u2" }),
        rule({ keyword: "refund", action: "label", value: "billing" }),
        rule({ sentiment: "negative", action: "label", value: "billing" }),
        rule({ platform: "threads", action: "hide", value: null }),
      ],
      item,
    );
    expect(out).toEqual({ assigneeId: "u1", labels: ["billing"], hide: false });
    expect(applyRules([rule({ platform: "twitter", action: "hide", value: null })], item).hide).toBe(true);
  });
});

describe("response measures", () => {
  it("first-response median and p90 over answered items, and items handled per member", () => {
    const rows = [
      { handledBy: "a", createdAt: 0, repliedAt: 60_000 },
      { handledBy: "a", createdAt: 0, repliedAt: 120_000 },
      { handledBy: "b", createdAt: 0, repliedAt: 600_000 },
      { handledBy: "b", createdAt: 0, repliedAt: null },
      { handledBy: null, createdAt: 0, repliedAt: null },
    ];
    expect(responseStats(rows)).toEqual({
      answered: 3,
      firstResponseMedianMs: 120_000,
      firstResponseP90Ms: 600_000,
      members: [
        { userId: "a", handled: 2, replied: 2 },
        { userId: "b", handled: 2, replied: 1 },
      ],
    });
    expect(responseStats([]).firstResponseMedianMs).toBeNull();
  });
});

describe("the offline assistant", () => {
  it("reads the sentiment and suggests a reply that fits it", () => {
    expect(assistInboxItem({ text: "The bread was stale and cold", author: "@al", network: "X" })).toMatchObject({
      sentiment: "negative",
      reply: expect.stringContaining("Sorry to hear that, al"),
    });
    expect(assistInboxItem({ text: "It was cold", author: "Sofia G.", network: "X" }).reply).toBe(
      "Sorry to hear that, Sofia G. Could you send us a message with the details? We'll make it right.",
    );
    expect(assistInboxItem({ text: "Love it, thanks!", author: "bo", network: "X" }).sentiment).toBe("positive");
    expect(assistInboxItem({ text: "When do you open?", author: "cy", network: "X" })).toEqual({
      sentiment: "neutral",
      reply: "Thanks for asking, cy! We'll get back to you with the details shortly.",
    });
  });
});

describe("the activity log's words for the team's writes", () => {
  it("says what one bulk action did to how many items", () => {
    expect(bulkInWords({ action: "done" }, 3)).toEqual({
      action: "inbox_status_changed",
      summary: "Marked 3 items done",
    });
    expect(bulkInWords({ action: "open" }, 1)).toEqual({
      action: "inbox_status_changed",
      summary: "Opened 1 item again",
    });
    expect(bulkInWords({ action: "assign", assigneeId: null }, 2).summary).toBe("Unassigned 2 items");
    expect(bulkInWords({ action: "label", label: " VIP " }, 2)).toEqual({
      action: "inbox_labelled",
      summary: 'Labelled 2 items "vip"',
    });
    expect(bulkInWords({ action: "unlabel", label: "vip" }, 1).summary).toBe('Took "vip" off 1 item');
  });

  it("says what a rule does and when", () => {
    expect(ruleInWords(rule({ action: "hide", value: null, keyword: "crypto", platform: "facebook" }))).toBe(
      'Hide: "crypto", facebook',
    );
    expect(ruleInWords(rule({ action: "label", value: "billing", sentiment: "negative" }))).toBe(
      'Label "billing": negative',
    );
  });
});

describe("keyword lists and per-account rules (ADR 102)", () => {
  it("matches any keyword of a comma-separated list, each as a whole word or phrase", () => {
    expect(ruleMatches(rule({ keyword: "crypto, free spins" }), { ...item, text: "Get FREE SPINS now" })).toBe(true);
    expect(ruleMatches(rule({ keyword: "crypto, free spins" }), { ...item, text: "cryptography is fun" })).toBe(false);
    expect(ruleMatches(rule({ keyword: " , " }), item)).toBe(true);
    // Keywords are literal: a member's pattern characters match themselves.
    expect(ruleMatches(rule({ keyword: "a+b" }), { ...item, text: "aaab" })).toBe(false);
    expect(ruleMatches(rule({ keyword: "c++" }), { ...item, text: "I code c++ daily" })).toBe(true);
  });

  it("a rule for one account matches that account's items only", () => {
    expect(ruleMatches(rule({ accountId: "acc-1" }), item)).toBe(true);
    expect(ruleMatches(rule({ accountId: "acc-2" }), item)).toBe(false);
    expect(hasCondition(rule({ accountId: "acc-2" }))).toBe(true);
    expect(hasCondition(rule({ keyword: " , " }))).toBe(false);
  });
});
