// The mobiles index's keys (migration 0019) find every number one slip away: a number and each
// of its near numbers share a key, and numbers further apart mostly do not.
import { describe, expect, it } from "vitest";
import { mobileKeys, mobileSlip, nearMobiles } from "./student-merge.server";

describe("mobile keys", () => {
  it("are the ten one-digit deletions of each ten-digit number, as whole numbers", () => {
    expect(mobileKeys(["9845012345"]).sort((a, b) => a - b)).toEqual(
      [
        "845012345",
        "945012345",
        "985012345",
        "984012345",
        "984512345",
        "984502345",
        "984501345",
        "984501245",
        "984501235",
        "984501234",
      ]
        .map(Number)
        .sort((a, b) => a - b),
    );
    // Neighbouring equal digits give one key; anything but ten digits gives none.
    expect(mobileKeys(["9999999999"])).toEqual([999999999]);
    expect(mobileKeys(["98450", "", "98450123456"])).toEqual([]);
  });

  it("are shared by every number one slip away", () => {
    for (const mobile of ["9845012345", "6003399949", "0000000001", "7777777770"]) {
      const mine = new Set(mobileKeys([mobile]));
      for (const near of nearMobiles(mobile)) {
        expect(mobileSlip(mobile, near), near).toBeDefined();
        expect(
          mobileKeys([near]).some((key) => mine.has(key)),
          `${mobile} and ${near}`,
        ).toBe(true);
      }
    }
  });

  it("are not shared by a number two digits away", () => {
    expect(mobileKeys(["9845012345"]).some((key) => mobileKeys(["9845012399"]).includes(key))).toBe(false);
  });
});
