import { expect, it, vi } from "vitest";
import { allWritten, groupedWrites } from "./grouped-writes.server";

/** A write whose groups are recorded and end when the test says so, each item written as its double. */
function recorder() {
  const groups: number[][] = [];
  const ends: Array<() => void> = [];
  const write = (group: number[]) => {
    groups.push(group);
    return new Promise<PromiseSettledResult<number>[]>((resolve) =>
      ends.push(() => resolve(allWritten(group.map((item) => item * 2)))),
    );
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
  void writes.add(1);
  expect(groups).toEqual([[1]]);
  for (const item of [2, 3, 4, 5]) void writes.add(item);
  expect(groups).toEqual([[1]]);
  await endNext();
  expect(groups).toEqual([[1], [2, 3, 4]]);
  await endNext();
  expect(groups).toEqual([[1], [2, 3, 4], [5]]);
});

it("writes `parallel` groups at once", () => {
  const { groups, write } = recorder();
  const writes = groupedWrites(write, { parallel: 2 });
  for (const item of [1, 2, 3]) void writes.add(item);
  expect(groups).toEqual([[1], [2]]);
});

it("answers each item with its own outcome, in its group's order", async () => {
  const writes = groupedWrites(async (group: number[]) =>
    group.map(
      (item): PromiseSettledResult<string> =>
        item % 2
          ? { status: "fulfilled", value: `odd ${item}` }
          : { status: "rejected", reason: new Error(`even ${item}`) },
    ),
  );
  const answers = await Promise.allSettled([1, 2, 3, 4].map((item) => writes.add(item)));
  expect(answers).toEqual([
    { status: "fulfilled", value: "odd 1" },
    { status: "rejected", reason: new Error("even 2") },
    { status: "fulfilled", value: "odd 3" },
    { status: "rejected", reason: new Error("even 4") },
  ]);
});

it("fails each item of a write that fails, and goes on with the next group", async () => {
  const groups: number[][] = [];
  const writes = groupedWrites(async (group: number[]) => {
    groups.push(group);
    if (group.includes(1)) throw new Error("refused");
    return allWritten(group);
  });
  const answers = await Promise.allSettled([writes.add(1), writes.add(2), writes.add(3)]);
  expect(groups).toEqual([[1], [2, 3]]);
  expect(answers).toEqual([
    { status: "rejected", reason: new Error("refused") },
    { status: "fulfilled", value: 2 },
    { status: "fulfilled", value: 3 },
  ]);
});

it("fails an item the write gave no outcome, instead of leaving it waiting", async () => {
  const writes = groupedWrites(async (group: number[]) => allWritten(group.slice(0, 1)));
  void writes.add(1);
  const answers = await Promise.allSettled([writes.add(2), writes.add(3)]);
  expect(answers).toEqual([
    { status: "fulfilled", value: 2 },
    { status: "rejected", reason: new Error("The grouped write gave no outcome for this item.") },
  ]);
});

it("with collectMs, waits that long for others when idle; flush writes at once and waits for the end", async () => {
  vi.useFakeTimers();
  try {
    const groups: number[][] = [];
    const writes = groupedWrites(
      async (group: number[]) => {
        groups.push(group);
        return allWritten(group);
      },
      { collectMs: 10 },
    );
    void writes.add(1);
    void writes.add(2);
    expect(groups).toEqual([]);
    await vi.advanceTimersByTimeAsync(10);
    expect(groups).toEqual([[1, 2]]);
    void writes.add(3);
    await writes.flush();
    expect(groups).toEqual([[1, 2], [3]]);
  } finally {
    vi.useRealTimers();
  }
});
