// The counters behind the form limit and the sign-in throttle: in PostgreSQL, concurrent hits
// on one key are each counted once (the upsert is atomic), and a window ends on time.
import { expect, it } from "vitest";
import { counterStoreFor, createRateLimit } from "../../app/platform/rate-limit.server";
import { describeEachEngine, useTestDatabase } from "./databases";

describeEachEngine("rate-limit counters", (engine) => {
  const test = useTestDatabase(engine);

  it("counts 100 concurrent hits on one key as 1 to 100, each once", async () => {
    const store = counterStoreFor(test.current.database);
    const windows = await Promise.all(Array.from({ length: 100 }, () => store.hit("form:203.0.113.9", 60_000)));
    expect(windows.map((w) => w.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect((await store.peek("form:203.0.113.9"))?.count).toBe(100);
    expect(await store.peek("form:203.0.113.10")).toBeUndefined();
    await store.clear("form:203.0.113.9");
    expect(await store.peek("form:203.0.113.9")).toBeUndefined();
  });

  it("refuses past the limit with the wait, and allows again once the window has ended", async () => {
    const limit = createRateLimit({ limit: 2, windowMs: 1_000 }, counterStoreFor(test.current.database));
    expect(await limit.consume("form:198.51.100.7")).toEqual({ allowed: true });
    expect(await limit.consume("form:198.51.100.7")).toEqual({ allowed: true });
    expect(await limit.consume("form:198.51.100.7")).toEqual({ allowed: false, retryAfterSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await limit.consume("form:198.51.100.7")).toEqual({ allowed: true });
  });
});
