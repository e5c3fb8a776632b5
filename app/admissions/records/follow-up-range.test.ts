import { describe, expect, it } from "vitest";
import { followUpRangeProblem } from "./follow-up-range";

describe("the next follow-up's range", () => {
  const now = new Date("2026-11-28T08:00:00Z");
  it("takes dates from a year ago to two years ahead", () => {
    expect(followUpRangeProblem(new Date("2026-11-29T10:00:00+05:30"), now)).toBeUndefined();
    expect(followUpRangeProblem(new Date("2025-12-01T10:00:00+05:30"), now)).toBeUndefined();
    expect(followUpRangeProblem(new Date("2028-11-27T10:00:00+05:30"), now)).toBeUndefined();
  });
  it("refuses 1900, more than a year ago and more than two years ahead, naming the range", () => {
    for (const typed of ["1900-01-01T10:00:00+05:30", "2025-11-01T10:00:00+05:30", "2028-12-01T10:00:00+05:30"]) {
      expect(followUpRangeProblem(new Date(typed), now)).toBe(
        "Please pick a follow-up between 28 Nov 2025 and 28 Nov 2028.",
      );
    }
  });
});
