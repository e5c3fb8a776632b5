import { describe, expect, it } from "vitest";
import { afterCommit, contentChanged, pageVersion } from "./content-version.server";

describe("afterCommit", () => {
  it("holds the pages a transaction announces until it has ended", async () => {
    const before = pageVersion("/courses/iot");
    await afterCommit(async () => {
      contentChanged(["/courses/iot"]);
      // A render starting now would read the uncommitted state: the page must not look changed yet.
      expect(pageVersion("/courses/iot")).toBe(before);
      await afterCommit(async () => contentChanged(["/courses/iot"]));
      expect(pageVersion("/courses/iot")).toBe(before);
    });
    expect(pageVersion("/courses/iot")).toBeGreaterThan(before);
  });

  it("announces nothing for a transaction that failed", async () => {
    const before = pageVersion("/our-placements");
    await expect(
      afterCommit(async () => {
        contentChanged(["/our-placements"]);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(pageVersion("/our-placements")).toBe(before);
    contentChanged(["/our-placements"]);
    expect(pageVersion("/our-placements")).toBeGreaterThan(before);
  });
});
