// The sign-in limits against the real site: a burst of parallel wrong passwords gets no more
// password checks than the limit allows, on one process or two sharing PostgreSQL, and a
// stranger's burst does not keep the account's owner out.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createPostgresDatabase, describeEachEngine, type EngineName } from "./databases";
import { addStaff, postForm, type SiteOptions, type SiteProcess, staffPassword, startSite } from "./site-process";
import { copyPgliteTemplate } from "./template-copies";

const owner = "limits.owner@sampige-academy.example";

/** The site behind a proxy that names the client in X-Forwarded-For, so a test can be many clients. */
async function siteOptions(engine: EngineName): Promise<SiteOptions & { drop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "institute-it-limits-"));
  const postgres = engine === "postgres" ? await createPostgresDatabase({ migrated: true }) : undefined;
  if (!postgres) await copyPgliteTemplate(dataDir);
  return {
    dataDir,
    databaseUrl: postgres?.url,
    env: { TRUST_PROXY_HEADER: "x-forwarded-for" },
    async drop() {
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One sign-in from `address`: its status and Retry-After. */
async function signInFrom(origin: string, address: string, email: string, password: string) {
  const response = await postForm(origin, "/login", { email, password }, { "X-Forwarded-For": address });
  await response.arrayBuffer();
  return { status: response.status, retryAfter: response.headers.get("retry-after") };
}

/** 40 wrong passwords for one e-mail from one address, all sent at once, spread over `origins`. */
function burst(origins: string[], address: string, email: string) {
  return Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      signInFrom(origins[i % origins.length] as string, address, email, `wrong password number ${i} here`),
    ),
  );
}

function expectAtMostChecked(answers: { status: number; retryAfter: string | null }[], limit: number) {
  const checked = answers.filter((answer) => answer.status === 401);
  const refused = answers.filter((answer) => answer.status === 429);
  expect(checked.length).toBeGreaterThan(0);
  expect(checked.length).toBeLessThanOrEqual(limit);
  expect(checked.length + refused.length).toBe(answers.length);
  for (const answer of refused) expect(Number(answer.retryAfter)).toBeGreaterThan(0);
}

describeEachEngine("sign-in limits on the running site", (engine) => {
  let options: Awaited<ReturnType<typeof siteOptions>>;
  let site: SiteProcess;

  beforeAll(async () => {
    options = await siteOptions(engine);
    await addStaff(options, owner, "admin");
    site = await startSite(options);
  }, 180_000);

  afterAll(async () => {
    await site?.stop();
    await options?.drop();
  });

  it("checks no more than 5 of 40 parallel wrong passwords for one e-mail; the rest wait (429, Retry-After)", async () => {
    const answers = await burst([site.origin], "203.0.113.40", "nobody.here@sampige-academy.example");
    expectAtMostChecked(answers, 5);
  });

  it("lets the owner in from another address after a stranger's burst, and keeps limiting the stranger", async () => {
    const stranger = "203.0.113.66";
    const answers = await burst([site.origin], stranger, owner);
    expectAtMostChecked(answers, 5);

    expect((await signInFrom(site.origin, "198.51.100.20", owner, staffPassword)).status).toBe(302);

    // The burst's parallel counts may be refused by one allowance while another still had room
    // (each refused attempt is taken back), so it can end with fewer than 5 wrong passwords
    // checked: the stranger's remaining ones are still checked, one by one, and then no more.
    const checked = answers.filter((answer) => answer.status === 401).length;
    for (let i = checked; i < 5; i++) {
      expect((await signInFrom(site.origin, stranger, owner, `one more wrong password ${i}`)).status).toBe(401);
    }

    // The stranger's address is now held back, whatever password it tries.
    const again = await signInFrom(site.origin, stranger, owner, staffPassword);
    expect(again.status).toBe(429);
    expect(Number(again.retryAfter)).toBeGreaterThan(0);
  });
});

describeEachEngine(
  "sign-in limits on two processes sharing PostgreSQL",
  (engine) => {
    let options: Awaited<ReturnType<typeof siteOptions>>;
    let sites: SiteProcess[] = [];

    beforeAll(async () => {
      options = await siteOptions(engine);
      sites = await Promise.all([startSite(options), startSite(options)]);
    }, 180_000);

    afterAll(async () => {
      await Promise.all(sites.map((site) => site.stop()));
      await options?.drop();
    });

    it("checks no more than 5 of 40 parallel wrong passwords sent to both at once", async () => {
      const answers = await burst(
        sites.map((site) => site.origin),
        "203.0.113.41",
        "nobody.there@sampige-academy.example",
      );
      expectAtMostChecked(answers, 5);
    });
  },
  ["postgres"],
);
