import { describe, expect, it } from "vitest";
import {
  branchFilterOptions,
  branchOfBatch,
  branchOfState,
  branchText,
  isBranchGuess,
  worksAtBranch,
} from "./student-branches";

describe("a student's branch", () => {
  it("is guessed from Tamil Nadu and Karnataka only", () => {
    expect(branchOfState.tamilnadu).toBe("chennai");
    expect(branchOfState.karnataka).toBe("bangalore");
    expect(branchOfState.kerala).toBeUndefined();
    expect(branchOfState.other).toBeUndefined();
  });

  it("of a picked batch: its branch in a classroom, Online for an online batch wherever it is run from", () => {
    expect(branchOfBatch({ branch: "chennai", mode: "classroom" })).toBe("chennai");
    expect(branchOfBatch({ branch: "chennai", mode: "online" })).toBe("online");
    expect(branchOfBatch({ branch: "mysore", mode: "classroom" })).toBeNull();
  });

  it("reads as the desk shows it, a guess saying so", () => {
    expect(branchText("chennai", "state")).toBe("Chennai (guessed from state)");
    expect(branchText("online", "batch")).toBe("Online (from the batch picked)");
    expect(branchText("bangalore", "desk")).toBe("Bangalore");
    expect(branchText(null, null)).toBe("Not known yet");
    expect(isBranchGuess("state")).toBe(true);
    expect(isBranchGuess("desk")).toBe(false);
  });

  it("is worked on by every branch's counsellor, by those of its branch, and by anyone while not known", () => {
    expect(worksAtBranch([], "bangalore")).toBe(true);
    expect(worksAtBranch(["chennai"], "chennai")).toBe(true);
    expect(worksAtBranch(["chennai"], "bangalore")).toBe(false);
    expect(worksAtBranch(["chennai"], null)).toBe(true);
    expect(branchFilterOptions.map((option) => option.value)).toEqual(["chennai", "bangalore", "online", "unknown"]);
  });
});
