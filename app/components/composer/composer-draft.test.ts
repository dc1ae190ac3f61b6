import { describe, expect, it } from "vitest";
import { clearDraft, draftKey, formChanged, readDraft, writeDraft } from "./composer-draft";
import { initialForm } from "./composer-form";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
    items,
  };
}

const now = Date.parse("2026-03-05T10:00:00Z");
const blank = initialForm({}, now, "UTC");

describe("composer draft", () => {
  it("keys drafts by user and by new-vs-edited post", () => {
    expect(draftKey("u1")).toBe("postline:composer-draft:u1:new");
    expect(draftKey("u1", "p9")).toBe("postline:composer-draft:u1:p9");
    expect(draftKey("u2")).not.toBe(draftKey("u1"));
  });

  it("notices a change to any field", () => {
    expect(formChanged(blank, { ...blank })).toBe(false);
    expect(formChanged(blank, { ...blank, content: "Hi" })).toBe(true);
    expect(formChanged(blank, { ...blank, platforms: ["twitter"] })).toBe(true);
  });

  it("writes, reads back and clears a draft", () => {
    const storage = memoryStorage();
    const key = draftKey("u1");
    writeDraft(storage, key, { ...blank, content: "Launch day" }, now);
    expect(readDraft(storage, key)).toEqual({ form: { ...blank, content: "Launch day" }, savedAt: now });
    expect(readDraft(storage, draftKey("u1", "p1"))).toBeNull();
    clearDraft(storage, key);
    expect(readDraft(storage, key)).toBeNull();
  });

  it("ignores what is not a draft", () => {
    const storage = memoryStorage();
    storage.setItem("a", "{not json");
    storage.setItem("b", JSON.stringify({ form: { content: 3 }, savedAt: now }));
    storage.setItem("c", JSON.stringify({ form: blank }));
    for (const key of ["a", "b", "c"]) expect(readDraft(storage, key)).toBeNull();
  });

  it("survives a storage that refuses writes", () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => {
        throw new Error("SecurityError");
      },
    };
    expect(() => writeDraft(full, "k", blank, now)).not.toThrow();
    expect(() => clearDraft(full, "k")).not.toThrow();
  });
});
