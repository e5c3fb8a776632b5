import { describe, expect, it, vi } from "vitest";
import { createRateLimit, minutes, parseRateSetting } from "./rate-limit.server";

describe("rate limit", () => {
  it("allows the limit within a window, then refuses until the window passes", async () => {
    vi.useFakeTimers();
    const limit = createRateLimit({ limit: 3, windowMs: minutes(10) });
    for (let i = 0; i < 3; i++) expect(await limit.consume("a")).toEqual({ allowed: true });
    expect(await limit.consume("a")).toEqual({ allowed: false, retryAfterSeconds: 600 });
    expect(await limit.consume("b")).toEqual({ allowed: true });
    vi.advanceTimersByTime(minutes(10));
    expect(await limit.consume("a")).toEqual({ allowed: true });
    vi.useRealTimers();
  });

  it("names durations honestly", () => {
    expect(minutes(10)).toBe(600_000);
  });

  it("reads settings like 60/10m", () => {
    const fallback = { limit: 1, windowMs: 1 };
    expect(parseRateSetting("60/10m", fallback)).toEqual({ limit: 60, windowMs: 600_000 });
    expect(parseRateSetting("5/30s", fallback)).toEqual({ limit: 5, windowMs: 30_000 });
    expect(parseRateSetting("2/1h", fallback)).toEqual({ limit: 2, windowMs: 3_600_000 });
    expect(parseRateSetting("lots", fallback)).toBe(fallback);
    expect(parseRateSetting(undefined, fallback)).toBe(fallback);
  });
});
