import { expect, it, vi } from "vitest";
import { groupedWrites } from "./grouped-writes.server";

/** A write whose groups are recorded and end when the test says so. */
function recorder() {
  const groups: number[][] = [];
  const ends: Array<() => void> = [];
  const write = (group: number[]) => {
    groups.push(group);
    return new Promise<void>((resolve) => ends.push(resolve));
  };
  const endNext = async () => {
    ends.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { groups, write, endNext };
}

it("writes the first item at once, and what arrives meanwhile together next, at most maxPerGroup", async () => {
  const { groups, write, endNext } = recorder();
  const writes = groupedWrites(write, { maxPerGroup: 3 });
  writes.add(1);
  expect(groups).toEqual([[1]]);
  for (const item of [2, 3, 4, 5]) writes.add(item);
  expect(groups).toEqual([[1]]);
  await endNext();
  expect(groups).toEqual([[1], [2, 3, 4]]);
  await endNext();
  expect(groups).toEqual([[1], [2, 3, 4], [5]]);
});

it("writes `parallel` groups at once", () => {
  const { groups, write } = recorder();
  const writes = groupedWrites(write, { parallel: 2 });
  for (const item of [1, 2, 3]) writes.add(item);
  expect(groups).toEqual([[1], [2]]);
});

it("goes on after a write that fails", async () => {
  const groups: number[][] = [];
  const writes = groupedWrites(async (group: number[]) => {
    groups.push(group);
    if (group.includes(1)) throw new Error("refused");
  });
  writes.add(1);
  writes.add(2);
  await writes.flush();
  expect(groups).toEqual([[1], [2]]);
});

it("with collectMs, waits that long for others when idle; flush writes at once and waits for the end", async () => {
  vi.useFakeTimers();
  try {
    const groups: number[][] = [];
    const writes = groupedWrites(
      async (group: number[]) => {
        groups.push(group);
      },
      { collectMs: 10 },
    );
    writes.add(1);
    writes.add(2);
    expect(groups).toEqual([]);
    await vi.advanceTimersByTimeAsync(10);
    expect(groups).toEqual([[1, 2]]);
    writes.add(3);
    await writes.flush();
    expect(groups).toEqual([[1, 2], [3]]);
  } finally {
    vi.useRealTimers();
  }
});
