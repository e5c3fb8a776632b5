import { expect, it } from "vitest";
import { reconnectDelay } from "./event-relay.server";

it("waits from half a second, doubling up to 15 s, never longer, each wait between half and all of its step", () => {
  const longest = (attempt: number) => reconnectDelay(attempt, () => 1);
  const shortest = (attempt: number) => reconnectDelay(attempt, () => 0);
  expect([0, 1, 2, 3, 4, 5, 6].map(longest)).toEqual([500, 1_000, 2_000, 4_000, 8_000, 15_000, 15_000]);
  expect(shortest(0)).toBe(250);
  expect(shortest(10_000)).toBe(7_500);
  expect(longest(10_000)).toBe(15_000);
});
