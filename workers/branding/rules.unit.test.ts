import { describe, expect, it } from "vitest";
import { contrastWithWhite } from "./contrast";
import { brandInput } from "./rules";

const parse = (color: unknown) => brandInput.safeParse({ color });

describe("brand colour", () => {
  it("takes #rgb and #rrggbb, stored as lower-case six digits", () => {
    expect(parse("#1D4ED8").data).toEqual({ color: "#1d4ed8" });
    expect(parse(" #036 ").data).toEqual({ color: "#003366" });
    expect(parse(null).data).toEqual({ color: null });
  });

  it("refuses what is not a hex colour, in words", () => {
    for (const bad of ["blue", "#12345", "1d4ed8", "#ggg", 12])
      expect(parse(bad).error?.issues[0]?.message).toBe("Colour must be a hex colour like #1d4ed8.");
  });

  it("refuses a colour white text cannot be read on, naming its contrast", () => {
    expect(contrastWithWhite("#ffffff")).toBeCloseTo(1);
    expect(contrastWithWhite("#000000")).toBeCloseTo(21);
    expect(parse("#ffcc00").error?.issues[0]?.message).toBe(
      "Pick a darker colour: white text on #ffcc00 has a contrast of 1.5:1, and reports need at least 3:1.",
    );
    expect(parse("#1d4ed8").success).toBe(true);
  });
});
