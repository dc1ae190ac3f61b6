import { describe, expect, it } from "vitest";
import { scheduleFromForm, scheduleInput } from "./schedule-input";

const base = { kind: "growth", format: "csv", hour: "9", weekday: "1", dayOfMonth: "15" };

describe("a report schedule's form fields", () => {
  it("become the API's input: the day the frequency uses, numbers, enabled unless it says false, recipients", () => {
    const recipients = "Client@Example.com\n ann@example.com, client@example.com ";
    expect(scheduleInput.parse(scheduleFromForm({ ...base, frequency: "weekly", recipients }))).toEqual({
      kind: "growth",
      format: "csv",
      frequency: "weekly",
      hour: 9,
      weekday: 1,
      enabled: true,
      recipients: ["client@example.com", "ann@example.com"],
    });
    expect(scheduleInput.parse(scheduleFromForm({ ...base, frequency: "monthly", enabled: "false" }))).toEqual({
      kind: "growth",
      format: "csv",
      frequency: "monthly",
      hour: 9,
      dayOfMonth: 15,
      enabled: false,
      recipients: [],
    });
  });

  it("is refused with the API's message when a field is missing or out of range", () => {
    const message = (fields: Record<string, string>) =>
      scheduleInput.safeParse(scheduleFromForm(fields)).error?.issues[0]?.message;
    expect(message({ ...base, frequency: "weekly", hour: "" })).toBe("hour must be 0 to 23.");
    expect(message({ ...base, frequency: "monthly", dayOfMonth: "31" })).toBe("dayOfMonth must be 1 to 28.");
    expect(message({ ...base, frequency: "yearly" })).toBe("frequency must be weekly or monthly.");
    expect(message({ ...base, frequency: "weekly", recipients: "ann@example.com client" })).toBe(
      "Each recipient must be an email address, like client@example.com.",
    );
  });
});
