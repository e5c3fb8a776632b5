// The counters behind the form limit and the sign-in throttle: in PostgreSQL, concurrent hits
// on one key are each counted once (the upsert is atomic, hits made together written in one), also
// from two processes' counters on several keys at once, and a window ends on time. The
// sign-in throttle's three allowances, on the same counters.
import { expect, it } from "vitest";
import {
  type CounterStore,
  counterStoreFor,
  createDatabaseCounterStore,
  createRateLimit,
} from "../../app/platform/rate-limit.server";
import { createSignInThrottle, type SignInThrottle } from "../../app/staff/auth.server";
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

  it("counts hits made at once on several keys by two processes' counters, each key 1 to its number, each once", async () => {
    const { database } = test.current;
    // Two counters on one database, as two processes have: each writes its hits in groups of its own.
    const stores =
      engine === "postgres"
        ? [createDatabaseCounterStore(database), createDatabaseCounterStore(database)]
        : [counterStoreFor(database)];
    const keys = ["form:192.0.2.1", "form:192.0.2.2", "form:192.0.2.3"];
    const hits = Array.from({ length: 90 }, (_, i) => {
      const store = stores[i % stores.length] as CounterStore;
      // The second counter takes the keys in the other order.
      const turn = Math.floor(i / stores.length) % keys.length;
      const key = keys[i % stores.length === 0 ? turn : keys.length - 1 - turn] as string;
      return store.hit(key, 60_000).then((window) => ({ key, count: window.count }));
    });
    const counted = await Promise.all(hits);
    for (const key of keys) {
      const counts = counted.filter((hit) => hit.key === key).map((hit) => hit.count);
      expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: counts.length }, (_, i) => i + 1));
      expect((await stores[0]?.peek(key))?.count).toBe(counts.length);
    }
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

describeEachEngine("sign-in throttle", (engine) => {
  const test = useTestDatabase(engine);
  const throttle = () => createSignInThrottle(counterStoreFor(test.current.database));
  /** Tries `times` wrong passwords one after another; answers how many were let through to be checked. */
  const wrongPasswords = async (limits: SignInThrottle, address: string, email: string, times: number) => {
    let checked = 0;
    for (let i = 0; i < times; i++) if ((await limits.attempt(address, email)).allowed) checked++;
    return checked;
  };

  it("bounds guessing spread over many addresses: 100 checks per account in the window", async () => {
    const limits = throttle();
    const email = "spread@sampige-academy.example";
    let checked = 0;
    for (let host = 1; host <= 30; host++) checked += await wrongPasswords(limits, `192.0.2.${host}`, email, 5);
    expect(checked).toBe(100);
    const refused = await limits.attempt("198.51.100.250", email);
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) expect(refused.retryAfterSeconds).toBeGreaterThan(800);
  });

  it("does not count a refused attempt against the address's other accounts", async () => {
    const limits = throttle();
    const address = "203.0.113.77";
    expect(await wrongPasswords(limits, address, "one@sampige-academy.example", 25)).toBe(5);
    expect(await wrongPasswords(limits, address, "two@sampige-academy.example", 25)).toBe(5);
    // Ten wrong passwords from the address: now every account is refused there.
    expect((await limits.attempt(address, "three@sampige-academy.example")).allowed).toBe(false);
  });

  it("does not count right passwords: an office can sign in all day", async () => {
    const limits = throttle();
    for (let i = 0; i < 30; i++) {
      const attempt = await limits.attempt("203.0.113.80", `staff${i % 3}@sampige-academy.example`);
      expect(attempt.allowed).toBe(true);
      if (attempt.allowed) await attempt.succeeded();
    }
    // A right password forgets the account's failures from that address.
    expect(await wrongPasswords(limits, "203.0.113.81", "typo@sampige-academy.example", 4)).toBe(4);
    const right = await limits.attempt("203.0.113.81", "typo@sampige-academy.example");
    if (right.allowed) await right.succeeded();
    expect(await wrongPasswords(limits, "203.0.113.81", "typo@sampige-academy.example", 10)).toBe(5);
  });
});
