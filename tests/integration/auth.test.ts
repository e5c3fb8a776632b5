import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { clientAddressContext, databaseContext } from "../../app/platform/context.server";
import type { Database } from "../../app/platform/database.server";
import { action as loginAction, loader as loginLoader } from "../../app/routes/login";
import { action as logoutAction, loader as logoutLoader } from "../../app/routes/logout";
import type { CourseKey } from "../../app/site/course-catalog";
import { authSecret, sessionAbsoluteMs } from "../../app/staff/auth.server";
import { getStaffUser, requireStaff, type StaffRole } from "../../app/staff/permissions.server";
import {
  createStaff,
  findStaff,
  listStaff,
  removeStaff,
  resetStaffPassword,
  setStaffRole,
} from "../../app/staff/staff-accounts.server";
import { account, session, user } from "../../db/schema";
import { runCli, withUmask } from "../support/processes";
import { describeEachEngine, useTestDatabase } from "./databases";

// The secret is read when the first Better Auth instance is made; a fixed one keeps the
// test run from writing ./data/auth-secret.
process.env.BETTER_AUTH_SECRET = "integration-tests-only-secret-0123456789abcdef";
delete process.env.PUBLIC_URL;

const site = "http://localhost:3000";
const password = "correct horse battery staple kolam";
const invalid = "Invalid email or password";
/** Who the audit log says made the account changes of these tests. */
const tester = "auth tests";

interface Outcome {
  status: number;
  location?: string | null;
  setCookies: string[];
  /** The Cookie header a browser would send back. */
  cookie: string;
  data?: { formError?: string; email?: string };
  headers: Headers;
}

function contextFor(database: Database, address: string): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(databaseContext, database);
  context.set(clientAddressContext, address);
  return context;
}

/** What a route's action or loader answered, returned or thrown, as the browser would see it. */
async function outcomeOf(run: () => unknown): Promise<Outcome> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    const setCookies = result.headers.getSetCookie();
    return {
      status: result.status,
      location: result.headers.get("location"),
      setCookies,
      cookie: setCookies.map((line) => line.split(";")[0]).join("; "),
      headers: result.headers,
    };
  }
  const wrapped = result as { type?: string; data?: Outcome["data"]; init?: ResponseInit | null };
  if (wrapped?.type === "DataWithResponseInit") {
    return {
      status: wrapped.init?.status ?? 200,
      setCookies: [],
      cookie: "",
      data: wrapped.data,
      headers: new Headers(wrapped.init?.headers),
    };
  }
  if (result instanceof Error) throw result;
  return { status: 200, setCookies: [], cookie: "", data: result as Outcome["data"], headers: new Headers() };
}

function loginRequest(fields: Record<string, string>, headers: Record<string, string> = {}): Request {
  return new Request(`${site}/login`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Origin: site, "User-Agent": "vitest", ...headers },
  });
}

describeEachEngine("staff sign-in", (engine) => {
  const test = useTestDatabase(engine);
  const database = () => test.current.database;
  let addressCount = 0;
  /** A fresh client address per sign-in, so one test's failures never throttle another's. */
  const freshAddress = () => `198.51.100.${++addressCount}`;

  const signIn = (email: string, secret: string, address = freshAddress()) =>
    outcomeOf(() =>
      loginAction({
        request: loginRequest({ email, password: secret }),
        context: contextFor(database(), address),
        params: {},
      } as never),
    );

  /** requireStaff for a page request carrying the cookie: the staff member, or where it sent us. */
  const guard = async (cookie: string, allowed: readonly StaffRole[], init: RequestInit = {}) => {
    const request = new Request(`${site}/admin`, { ...init, headers: { Cookie: cookie, ...init.headers } });
    try {
      return { staff: await requireStaff(request, contextFor(database(), "192.0.2.1"), allowed) };
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      return { status: thrown.status, location: thrown.headers.get("location") };
    }
  };

  /** An admin, or a counsellor of the one course named (as the old coordinators were). */
  const addStaff = async (email: string, role: "admin" | CourseKey) => {
    const access = role === "admin" ? ({ role } as const) : ({ role: "counsellor", courses: [role] } as const);
    const result = await createStaff(database(), { email, ...access, password }, tester);
    if (!result.ok) throw new Error(result.error);
    return result.user;
  };

  const sessionsOf = async (email: string) => {
    const found = await findStaff(database().db, email);
    if (!found) return [];
    return database().db.select().from(session).where(eq(session.userId, found.id));
  };

  beforeAll(async () => {
    await addStaff("admin@sampige-academy.example", "admin");
    await addStaff("iot.coordinator@sampige-academy.example", "iot");
  });

  it("signs an admin in: a redirect to the team's day (/desk/team) with an HttpOnly, SameSite=Lax session cookie", async () => {
    const address = freshAddress();
    const answer = await signIn("admin@sampige-academy.example", password, address);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/desk/team");
    const sessionCookie = answer.setCookies.find((line) => line.startsWith("better-auth.session_token="));
    expect(sessionCookie).toBeDefined();
    expect(sessionCookie).toMatch(/;\s*HttpOnly/i);
    expect(sessionCookie).toMatch(/;\s*SameSite=Lax/i);
    expect(sessionCookie).toMatch(/;\s*Path=\//i);
    // PUBLIC_URL is not https here, so no Secure flag; the cookie lasts the absolute limit.
    expect(sessionCookie).not.toMatch(/;\s*Secure/i);
    expect(sessionCookie).toMatch(new RegExp(`;\\s*Max-Age=${sessionAbsoluteMs / 1000}(;|$)`));
    expect(answer.setCookies.join("\n")).not.toContain(password);

    const rows = await sessionsOf("admin@sampige-academy.example");
    const row = rows.find((candidate) => answer.cookie.includes(candidate.token));
    expect(row?.ipAddress).toBe(address);
    expect(row?.userAgent).toBe("vitest");
    // The idle limit: the row expires an hour after sign-in.
    expect((row?.expiresAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(59 * 60_000);
    expect((row?.expiresAt.getTime() ?? 0) - Date.now()).toBeLessThanOrEqual(60 * 60_000);

    expect(await guard(answer.cookie, ["admin"])).toEqual({
      staff: {
        id: expect.any(String),
        email: "admin@sampige-academy.example",
        name: "admin@sampige-academy.example",
        role: "admin",
        courses: [],
        branches: [],
        sessionId: row?.id,
      },
    });
  });

  it("marks the session cookie Secure when PUBLIC_URL is https", async () => {
    const publicUrl = "https://www.sampige-academy.example";
    process.env.PUBLIC_URL = publicUrl;
    try {
      // Another Database object gets its own Better Auth instance, made with this PUBLIC_URL.
      const httpsSite: Database = { ...database() };
      const answer = await outcomeOf(() =>
        loginAction({
          // The site names itself by PUBLIC_URL, so the form's request is to that origin.
          request: new Request(`${publicUrl}/login`, {
            method: "POST",
            body: new URLSearchParams({ email: "admin@sampige-academy.example", password }),
            headers: { Origin: publicUrl, "User-Agent": "vitest" },
          }),
          context: contextFor(httpsSite, freshAddress()),
          params: {},
        } as never),
      );
      expect(answer.location).toBe("/desk/team");
      const sessionCookie = answer.setCookies.find((line) => line.startsWith("__Secure-better-auth.session_token="));
      expect(sessionCookie).toMatch(/;\s*Secure/i);
      expect(sessionCookie).toMatch(/;\s*HttpOnly/i);
      const request = new Request(`${site}/admin`, { headers: { Cookie: answer.cookie } });
      expect((await requireStaff(request, contextFor(httpsSite, "192.0.2.1"), ["admin"])).role).toBe("admin");
    } finally {
      delete process.env.PUBLIC_URL;
    }
  });

  it("sends a counsellor of one course or several to My day, whatever the e-mail's case", async () => {
    const answer = await signIn("  IoT.Coordinator@Sampige-Academy.example ", password);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/desk/day");
    expect(answer.cookie).toContain("better-auth.session_token=");
  });

  it("answers a wrong password and an unknown e-mail with the same message, never the password", async () => {
    const wrong = await signIn("admin@sampige-academy.example", "correct horse battery staple kolaM");
    const unknown = await signIn("nobody@sampige-academy.example", password);
    const malformed = await signIn("not an e-mail", password);
    for (const answer of [wrong, unknown, malformed]) {
      expect(answer.status).toBe(401);
      expect(answer.data?.formError).toBe(invalid);
      expect(answer.setCookies).toEqual([]);
      expect(JSON.stringify(answer.data)).not.toContain("kolam");
    }
    expect(wrong.data?.email).toBe("admin@sampige-academy.example");
    expect(unknown.data?.email).toBe("nobody@sampige-academy.example");
  });

  it("asks for both fields, and answers a request that is not a form with 415, not 500", async () => {
    const empty = await signIn("admin@sampige-academy.example", "");
    expect(empty.status).toBe(400);
    expect(empty.data?.formError).toBe("Please enter your email and password.");
    const json = await outcomeOf(() =>
      loginAction({
        request: new Request(`${site}/login`, {
          method: "POST",
          body: JSON.stringify({ email: "admin@sampige-academy.example", password }),
          headers: { "Content-Type": "application/json", Origin: site },
        }),
        context: contextFor(database(), freshAddress()),
        params: {},
      } as never),
    );
    expect(json.status).toBe(415);
    expect(json.data?.formError).toBe("Please sign in with the form on this page.");
  });

  it("refuses a sign-in posted from another site", async () => {
    const answer = await outcomeOf(() =>
      loginAction({
        request: loginRequest({ email: "admin@sampige-academy.example", password }, { Origin: "https://evil.example" }),
        context: contextFor(database(), freshAddress()),
        params: {},
      } as never),
    );
    expect(answer.status).toBe(403);
  });

  it("slows down repeated failures for an account, then refuses that address for a while, even with the right password", async () => {
    const email = "slow.down@sampige-academy.example";
    await addStaff(email, "python");
    const guesser = freshAddress();
    const timings: number[] = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      const started = performance.now();
      const answer = await signIn(email, `wrong guess number ${attempt} for this`, guesser);
      timings.push(performance.now() - started);
      expect(answer.status).toBe(401);
      expect(answer.data?.formError).toBe(invalid);
    }
    // 150 ms more for each further failure.
    expect(timings[4] ?? 0).toBeGreaterThanOrEqual(590);
    expect(timings[4] ?? 0).toBeGreaterThan(timings[0] ?? 0);

    const refused = await signIn(email, password, guesser);
    expect(refused.status).toBe(429);
    expect(refused.data?.formError).toBe("Too many failed sign-in attempts. Please try again later.");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(800);
    expect(refused.setCookies).toEqual([]);
    // The account's owner, from another address, and other accounts are not locked out by it.
    expect((await signIn(email, password)).status).toBe(302);
    expect((await signIn("admin@sampige-academy.example", password, guesser)).status).toBe(302);
  });

  it("refuses a client address after 10 failures across any e-mails", async () => {
    const address = freshAddress();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const answer = await signIn(`guess${attempt}@sampige-academy.example`, password, address);
      expect(answer.status).toBe(401);
    }
    const refused = await signIn("admin@sampige-academy.example", password, address);
    expect(refused.status).toBe(429);
    expect((await signIn("admin@sampige-academy.example", password)).status).toBe(302);
  });

  it("lets allowed roles through requireStaff, refuses other staff with 403 and sends everyone else to /login", async () => {
    const admin = await signIn("admin@sampige-academy.example", password);
    const iot = await signIn("iot.coordinator@sampige-academy.example", password);
    const unauthorized = { status: 302, location: "/login?notice=unauthorized" };

    expect((await guard(iot.cookie, ["counsellor", "admin"])).staff).toMatchObject({
      role: "counsellor",
      courses: ["iot"],
    });
    // Signed in, but not for this page: told so, not sent to sign in again.
    const refused = { status: 403, location: null };
    expect(await guard(iot.cookie, ["admin"])).toEqual(refused);
    expect((await guard(admin.cookie, ["admin"])).staff?.role).toBe("admin");
    expect(await guard("", ["admin"])).toEqual(unauthorized);
    expect(await guard("better-auth.session_token=forged.signature", ["admin"])).toEqual(unauthorized);
    // A session token without the server's signature is not accepted.
    const token = admin.cookie.split("=")[1]?.split(".")[0] ?? "";
    expect(await guard(`better-auth.session_token=${token}`, ["admin"])).toEqual(unauthorized);
  });

  it("sends a signed-in staff member who opens /login to their area", async () => {
    const iot = await signIn("iot.coordinator@sampige-academy.example", password);
    const visit = (cookie: string) =>
      outcomeOf(() =>
        loginLoader({
          request: new Request(`${site}/login`, { headers: { Cookie: cookie } }),
          context: contextFor(database(), "192.0.2.1"),
          params: {},
        } as never),
      );
    expect(await visit(iot.cookie)).toMatchObject({ status: 302, location: "/desk/day" });
    expect((await visit("")).data).toEqual({ notice: null });
  });

  it("refuses a state-changing request from another site with 403 (CSRF)", async () => {
    const admin = await signIn("admin@sampige-academy.example", password);
    const post = (headers: Record<string, string>) => guard(admin.cookie, ["admin"], { method: "POST", headers });
    expect(await post({ Origin: "https://evil.example" })).toEqual({ status: 403, location: null });
    expect(await post({ Origin: "null" })).toEqual({ status: 403, location: null });
    expect(await post({})).toEqual({ status: 403, location: null });
    expect(await post({ Referer: "https://evil.example/admin" })).toEqual({ status: 403, location: null });
    expect((await post({ Origin: site })).staff?.role).toBe("admin");
    expect((await post({ Referer: `${site}/admin/staff` })).staff?.role).toBe("admin");
    // GET needs no Origin.
    expect((await guard(admin.cookie, ["admin"])).staff?.role).toBe("admin");
  });

  it("ends every session of an account whose courses or role change, and only then", async () => {
    const email = "role.change@sampige-academy.example";
    await addStaff(email, "embedded");
    const first = await signIn(email, password);
    const second = await signIn(email, password);
    expect((await guard(first.cookie, ["counsellor"])).staff?.courses).toEqual(["embedded"]);
    expect(await sessionsOf(email)).toHaveLength(2);
    // The same role and courses: nothing changes, nobody is signed out.
    expect(await setStaffRole(database().db, email, "counsellor", tester, ["embedded"])).toEqual({
      ok: true,
      changed: false,
    });
    expect(await sessionsOf(email)).toHaveLength(2);
    expect(await setStaffRole(database().db, email, "counsellor", tester, ["matlab"])).toEqual({
      ok: true,
      changed: true,
    });
    expect(await sessionsOf(email)).toHaveLength(0);
    expect((await guard(first.cookie, ["counsellor"])).status).toBe(302);
    expect((await guard(second.cookie, ["counsellor"])).status).toBe(302);
    const again = await signIn(email, password);
    expect(again.location).toBe("/desk/day");
    // Several courses, or all: My day too.
    expect((await setStaffRole(database().db, email, "counsellor", tester, ["matlab", "ai"])).ok).toBe(true);
    expect(await sessionsOf(email)).toHaveLength(0);
    expect((await signIn(email, password)).location).toBe("/desk/day");
    expect((await setStaffRole(database().db, email, "counsellor", tester, "all")).ok).toBe(true);
    expect((await signIn(email, password)).location).toBe("/desk/day");
  });

  it("refuses a counsellor without a course, or with a course the catalog does not have", async () => {
    const email = "no.course@sampige-academy.example";
    const refused = { ok: false, error: "Please choose at least one course for a counsellor." };
    expect(await createStaff(database(), { email, role: "counsellor", password }, tester)).toEqual(refused);
    expect(await createStaff(database(), { email, role: "counsellor", courses: [], password }, tester)).toEqual(
      refused,
    );
    expect(
      await setStaffRole(database().db, "iot.coordinator@sampige-academy.example", "counsellor", tester, []),
    ).toEqual(refused);
    expect(
      await createStaff(database(), { email, role: "counsellor", courses: ["cooking"] as never, password }, tester),
    ).toEqual({
      ok: false,
      error: 'Unknown course "cooking". Use all or some of: embedded, iot, python, ai, matlab.',
    });
    expect(await findStaff(database().db, email)).toBeUndefined();
  });

  it("ends every session when the password is reset; only the new password works", async () => {
    const email = "reset.me@sampige-academy.example";
    await addStaff(email, "ai");
    const before = await signIn(email, password);
    const fresh = "a brand new phrase for the ai desk";
    expect(await resetStaffPassword(database(), email, "tooshort", tester)).toEqual({
      ok: false,
      error: "Use at least 15 characters.",
    });
    expect((await guard(before.cookie, ["counsellor"])).staff?.role).toBe("counsellor");
    expect(await resetStaffPassword(database(), email, fresh, tester)).toEqual({ ok: true });
    expect((await guard(before.cookie, ["counsellor"])).status).toBe(302);
    expect((await signIn(email, password)).status).toBe(401);
    expect((await signIn(email, fresh)).location).toBe("/desk/day");
  });

  it("ends every session of a removed account, and its password with it", async () => {
    const email = "leaving@sampige-academy.example";
    await addStaff(email, "embedded");
    const before = await signIn(email, password);
    expect(await removeStaff(database().db, email, tester)).toEqual({ ok: true });
    expect((await guard(before.cookie, ["counsellor"])).status).toBe(302);
    expect(await findStaff(database().db, email)).toBeUndefined();
    expect((await signIn(email, password)).data?.formError).toBe(invalid);
    expect(await removeStaff(database().db, email, tester)).toEqual({
      ok: false,
      error: `There is no account for ${email}.`,
    });
  });

  it("signs out after 12 hours however busy the session was (absolute limit)", async () => {
    const email = "long.day@sampige-academy.example";
    await addStaff(email, "iot");
    const answer = await signIn(email, password);
    const [row] = await sessionsOf(email);
    if (!row) throw new Error("no session stored");
    await database()
      .db.update(session)
      .set({ createdAt: new Date(Date.now() - 13 * 60 * 60 * 1000) })
      .where(eq(session.id, row.id));
    expect((await guard(answer.cookie, ["counsellor"])).status).toBe(302);
    expect(await sessionsOf(email)).toHaveLength(0);
  });

  it("signs out after an hour without use, and slides the expiry while in use (idle limit)", async () => {
    const email = "idle@sampige-academy.example";
    await addStaff(email, "iot");
    const busy = await signIn(email, password);
    const idle = await signIn(email, password);
    const rows = await sessionsOf(email);
    const busyRow = rows.find((row) => busy.cookie.includes(row.token));
    const idleRow = rows.find((row) => idle.cookie.includes(row.token));
    if (!busyRow || !idleRow) throw new Error("sessions not stored");
    // Last used 10 minutes ago: the next request moves the expiry an hour ahead again.
    await database()
      .db.update(session)
      .set({ expiresAt: new Date(Date.now() + 50 * 60_000) })
      .where(eq(session.id, busyRow.id));
    await database()
      .db.update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.id, idleRow.id));
    expect((await guard(busy.cookie, ["counsellor"])).staff?.role).toBe("counsellor");
    const [slid] = await database().db.select().from(session).where(eq(session.id, busyRow.id));
    expect((slid?.expiresAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(59 * 60_000);
    expect((await guard(idle.cookie, ["counsellor"])).status).toBe(302);
  });

  it("logs an unknown role, ends that session and sends the user back to /login", async () => {
    const email = "odd.role@sampige-academy.example";
    const created = await addStaff(email, "python");
    // A coordinator role of the earlier version, left in the database: no role any more.
    await database().db.update(user).set({ role: "iot" }).where(eq(user.id, created.id));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const answer = await signIn(email, password);
      expect(answer).toMatchObject({ status: 302, location: "/login", setCookies: [] });
      expect(warn).toHaveBeenCalledWith("Invalid user role", expect.objectContaining({ role: "iot" }));
    } finally {
      warn.mockRestore();
    }
    expect(await sessionsOf(email)).toHaveLength(0);
  });

  it("signs out with a POST to /logout: the session ends and the cookie is cleared", async () => {
    const answer = await signIn("iot.coordinator@sampige-academy.example", password);
    const context = contextFor(database(), "192.0.2.1");
    const out = await outcomeOf(() =>
      logoutAction({
        request: new Request(`${site}/logout`, { method: "POST", headers: { Cookie: answer.cookie, Origin: site } }),
        context,
        params: {},
      } as never),
    );
    expect(out).toMatchObject({ status: 302, location: "/" });
    expect(out.setCookies.find((line) => line.startsWith("better-auth.session_token="))).toMatch(/Max-Age=0/i);
    expect((await guard(answer.cookie, ["counsellor"])).status).toBe(302);
    const visit = await outcomeOf(() => logoutLoader());
    expect(visit).toMatchObject({ status: 302, location: "/" });
    // Signing out without a session is harmless.
    const again = await outcomeOf(() =>
      logoutAction({
        request: new Request(`${site}/logout`, { method: "POST", headers: { Origin: site } }),
        context,
        params: {},
      } as never),
    );
    expect(again).toMatchObject({ status: 302, location: "/" });
  });

  it("creates accounts only with a valid e-mail, role and password, once per e-mail", async () => {
    const db = database();
    const attempt = (email: string, role: string, secret = password) =>
      createStaff(db, { email, role: role as StaffRole, password: secret }, tester);
    expect(await attempt("not-an-email", "admin")).toEqual({
      ok: false,
      error: "Please enter a valid e-mail address.",
    });
    expect(await attempt("x@sampige-academy.example", "owner")).toEqual({
      ok: false,
      error: 'Unknown role "owner". Use one of: admin, counsellor.',
    });
    expect(await attempt("x@sampige-academy.example", "admin", "passwordpassword")).toEqual({
      ok: false,
      error: "This password is too common. Choose a longer phrase that others would not guess.",
    });
    expect(await attempt("ADMIN@sampige-academy.example", "admin")).toEqual({
      ok: false,
      error: "An account for admin@sampige-academy.example already exists.",
    });
    const [stored] = await db.db
      .select()
      .from(account)
      .innerJoin(user, eq(user.id, account.userId))
      .where(eq(user.email, "admin@sampige-academy.example"));
    expect(stored?.account.providerId).toBe("credential");
    expect(stored?.account.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const listed = await listStaff(db.db);
    expect(listed.map((entry) => entry.email)).toContain("iot.coordinator@sampige-academy.example");
  });

  it("keeps the last admin: it cannot be removed or demoted", async () => {
    const admins = (await listStaff(database().db)).filter((entry) => entry.role === "admin");
    expect(admins).toHaveLength(1);
    const message = "admin@sampige-academy.example is the only admin: make another account admin first.";
    expect(await removeStaff(database().db, "admin@sampige-academy.example", tester)).toEqual({
      ok: false,
      error: message,
    });
    expect(await setStaffRole(database().db, "admin@sampige-academy.example", "counsellor", tester, ["iot"])).toEqual({
      ok: false,
      error: message,
    });
  });

  it("reads the session only through its signed cookie (getStaffUser)", async () => {
    const answer = await signIn("admin@sampige-academy.example", password);
    const request = new Request(`${site}/admin`, { headers: { Cookie: answer.cookie } });
    expect((await getStaffUser(request, contextFor(database(), "192.0.2.1")))?.email).toBe(
      "admin@sampige-academy.example",
    );
  });
});

describe("the auth secret", () => {
  it("is generated once into DATA_DIR/auth-secret (mode 0600) when BETTER_AUTH_SECRET is not set", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "auth-secret-"));
    const saved = process.env.BETTER_AUTH_SECRET;
    delete process.env.BETTER_AUTH_SECRET;
    try {
      const first = authSecret(dataDir);
      expect(Buffer.from(first, "base64url")).toHaveLength(32);
      const file = path.join(dataDir, "auth-secret");
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(authSecret(dataDir)).toBe(first);
      expect(fs.readdirSync(dataDir)).toEqual(["auth-secret"]);
      process.env.BETTER_AUTH_SECRET = "from-the-environment";
      expect(authSecret(dataDir)).toBe("from-the-environment");
    } finally {
      process.env.BETTER_AUTH_SECRET = saved;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

// The command-line tool, as an operator runs it: `printf '%s\n' "$PASSWORD" | npm run cli -- user add ...`.

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(args: string[], env: Record<string, string>, input?: string): Promise<Run> {
  const run = await runCli(args, { ...process.env, DATABASE_URL: "", ...env }, input, 60_000);
  return { code: run.code ?? 1, stdout: run.stdout, stderr: run.stderr.replace(/^npm warn .*\n/gm, "") };
}

describeEachEngine("staff accounts from the command line", (engine) => {
  const test = useTestDatabase(engine);
  const env = () => ({ DATA_DIR: test.current.dataDir, DATABASE_URL: test.current.databaseUrl ?? "" });
  /** The embedded database of a fresh folder: `user add` must create it (the first admin comes first). */
  let freshDir: string | undefined;

  afterAll(() => {
    if (freshDir) fs.rmSync(freshDir, { recursive: true, force: true });
  });

  if (engine === "pglite") {
    it("refuses plainly while the site holds the embedded database", async () => {
      const run = await cli(["user", "list"], env());
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(
        /is in use by another process .*Stop it first, or run this command while the site is stopped\./,
      );
    });

    it("creates the embedded database for the first admin, in a folder only its owner may enter", async () => {
      freshDir = fs.mkdtempSync(path.join(os.tmpdir(), "institute-first-admin-"));
      const dataDir = path.join(freshDir, "data");
      const run = await withUmask(0, () =>
        cli(
          ["user", "add", "--email", "First.Admin@sampige-academy.example", "--role", "admin", "--name", "Asha K"],
          { DATA_DIR: dataDir },
          `${password}\n`,
        ),
      );
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      expect(run.stdout).toBe("Created first.admin@sampige-academy.example (admin).\n");
      expect(fs.existsSync(path.join(dataDir, "lock"))).toBe(false);
      // It holds the password hashes (and later students' data): no one else may look inside.
      expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    }, 60_000);
  }

  it("adds accounts with the password from standard input and lists them", async () => {
    if (engine === "pglite") await test.current.database.close();
    const add = await cli(
      ["user", "add", "--email", "admin@sampige-academy.example", "--role", "admin"],
      env(),
      `${password}\r\nignored second line\n`,
    );
    expect(add.stderr).toBe("");
    expect(add.code).toBe(0);
    expect(add.stdout).toBe("Created admin@sampige-academy.example (admin).\n");
    const counsellor = await cli(
      ["user", "add", "--email", "iot@sampige-academy.example", "--role", "counsellor", "--courses", "iot,embedded"],
      env(),
      password,
    );
    expect(counsellor).toMatchObject({
      code: 0,
      stdout: "Created iot@sampige-academy.example (counsellor (embedded, iot)).\n",
    });

    const list = await cli(["user", "list"], env());
    expect(list.code).toBe(0);
    const lines = list.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^EMAIL\s+ROLE\s+COURSES\s+BRANCHES\s+CREATED$/);
    expect(lines[1]).toMatch(
      /^admin@sampige-academy\.example\s+admin\s+all \(admin\)\s+all \(admin\)\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+05:30$/,
    );
    expect(lines[2]).toMatch(/^iot@sampige-academy\.example\s+counsellor\s+embedded, iot\s+all\s+\d{4}-/);
    expect(lines).toHaveLength(3);
  }, 60_000);

  it("refuses an unknown role with exit code 2, before asking for anything", async () => {
    const run = await cli(["user", "add", "--email", "x@sampige-academy.example", "--role", "owner"], env(), password);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain('Unknown role "owner". Use one of: admin, counsellor.');
    expect(run.stderr).toContain("Usage:");
    const missing = await cli(["user", "add", "--role", "counsellor", "--courses", "iot"], env(), password);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("Missing --email.");
  });

  it("refuses an old coordinator role, a counsellor without courses or with an unknown one, and an admin's courses", async () => {
    // A coordinator role of the old kind is no role now: a counsellor of that course is.
    const old = await cli(["user", "add", "--email", "x@sampige-academy.example", "--role", "iot"], env(), password);
    expect(old.code).toBe(2);
    expect(old.stderr).toContain('Unknown role "iot". Use one of: admin, counsellor.');
    const noCourses = await cli(
      ["user", "add", "--email", "x@sampige-academy.example", "--role", "counsellor"],
      env(),
      password,
    );
    expect(noCourses.code).toBe(2);
    expect(noCourses.stderr).toContain("A counsellor needs --courses");
    const badCourse = await cli(
      ["user", "add", "--email", "x@sampige-academy.example", "--role", "counsellor", "--courses", "iot,cooking"],
      env(),
      password,
    );
    expect(badCourse.code).toBe(2);
    expect(badCourse.stderr).toContain('Unknown course "cooking"');
    const adminCourses = await cli(
      ["user", "add", "--email", "x@sampige-academy.example", "--role", "admin", "--courses", "iot"],
      env(),
      password,
    );
    expect(adminCourses.code).toBe(2);
    expect(adminCourses.stderr).toContain("An admin works on every course: leave out --courses.");
  }, 120_000);

  it("refuses a weak or missing password, saying why", async () => {
    const short = await cli(
      ["user", "add", "--email", "weak@sampige-academy.example", "--role", "counsellor", "--courses", "iot"],
      env(),
      "short\n",
    );
    expect(short.code).toBe(1);
    expect(short.stderr.trim()).toBe("Password refused: Use at least 15 characters.");
    const common = await cli(
      ["user", "add", "--email", "weak@sampige-academy.example", "--role", "counsellor", "--courses", "iot"],
      env(),
      "iloveyouiloveyou\n",
    );
    expect(common.code).toBe(1);
    expect(common.stderr.trim()).toBe(
      "Password refused: This password is too common. Choose a longer phrase that others would not guess.",
    );
    const none = await cli(
      ["user", "add", "--email", "weak@sampige-academy.example", "--role", "counsellor", "--courses", "iot"],
      env(),
      "",
    );
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("No password on standard input.");
    const duplicate = await cli(
      ["user", "add", "--email", "ADMIN@sampige-academy.example", "--role", "counsellor", "--courses", "iot"],
      env(),
      password,
    );
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr.trim()).toBe("An account for admin@sampige-academy.example already exists.");
  }, 60_000);

  it("limits a counsellor to branches, and says a limit still holds when a change leaves out --branches", async () => {
    const email = "chennai.desk@sampige-academy.example";
    const add = await cli(
      ["user", "add", "--email", email, "--role", "counsellor", "--courses", "iot", "--branches", "Chennai"],
      env(),
      password,
    );
    expect(add).toMatchObject({ code: 0, stdout: `Created ${email} (counsellor (iot; Chennai only)).\n` });
    const courses = await cli(["user", "set-role", "--email", email, "--role", "counsellor", "--courses", "ai"], env());
    expect(courses).toMatchObject({
      code: 0,
      stdout: `${email} is now counsellor (ai; Chennai only). Their sessions were ended.\n`,
    });
    const same = await cli(["user", "set-role", "--email", email, "--role", "counsellor", "--courses", "ai"], env());
    expect(same).toMatchObject({
      code: 0,
      stdout: `${email} is already counsellor (ai; Chennai only). Nothing changed.\n`,
    });
    const everyBranch = await cli(
      ["user", "set-role", "--email", email, "--role", "counsellor", "--courses", "ai", "--branches", ""],
      env(),
    );
    expect(everyBranch).toMatchObject({
      code: 0,
      stdout: `${email} is now counsellor (ai). Their sessions were ended.\n`,
    });
    expect((await cli(["user", "list"], env())).stdout).toMatch(
      /chennai\.desk@sampige-academy\.example\s+counsellor\s+ai\s+all\s/,
    );
    expect((await cli(["user", "remove", "--email", email], env())).code).toBe(0);
  }, 60_000);

  it("changes a role and courses, resets a password and removes an account", async () => {
    const role = await cli(
      ["user", "set-role", "--email", "iot@sampige-academy.example", "--role", "counsellor", "--courses", "ai"],
      env(),
    );
    expect(role).toMatchObject({
      code: 0,
      stdout: "iot@sampige-academy.example is now counsellor (ai). Their sessions were ended.\n",
    });
    const same = await cli(
      ["user", "set-role", "--email", "iot@sampige-academy.example", "--role", "counsellor", "--courses", "ai"],
      env(),
    );
    expect(same).toMatchObject({
      code: 0,
      stdout: "iot@sampige-academy.example is already counsellor (ai). Nothing changed.\n",
    });
    const all = await cli(
      ["user", "set-role", "--email", "iot@sampige-academy.example", "--role", "counsellor", "--courses", "all"],
      env(),
    );
    expect(all.stdout).toBe(
      "iot@sampige-academy.example is now counsellor (all courses). Their sessions were ended.\n",
    );
    expect((await cli(["user", "list"], env())).stdout).toMatch(
      /iot@sampige-academy\.example\s+counsellor\s+all courses\s/,
    );
    const reset = await cli(
      ["user", "reset-password", "--email", "iot@sampige-academy.example"],
      env(),
      "monsoon evenings at lalbagh gardens\n",
    );
    expect(reset).toMatchObject({
      code: 0,
      stdout: "Password of iot@sampige-academy.example changed. Their sessions were ended.\n",
    });
    const lastAdmin = await cli(["user", "remove", "--email", "admin@sampige-academy.example"], env());
    expect(lastAdmin.code).toBe(1);
    expect(lastAdmin.stderr.trim()).toBe(
      "admin@sampige-academy.example is the only admin: make another account admin first.",
    );
    const remove = await cli(["user", "remove", "--email", "iot@sampige-academy.example"], env());
    expect(remove).toMatchObject({
      code: 0,
      stdout: "Removed iot@sampige-academy.example. Their sessions were ended.\n",
    });
    const gone = await cli(["user", "remove", "--email", "iot@sampige-academy.example"], env());
    expect(gone.code).toBe(1);
    expect(gone.stderr.trim()).toBe("There is no account for iot@sampige-academy.example.");
    const list = await cli(["user", "list"], env());
    expect(list.stdout).not.toContain("iot@sampige-academy.example");
    // Each change is in the audit log, made "from the command line". (The embedded database
    // was closed for the tool above: it is opened again here, as the site would.)
    const { openDatabase } = await import("../../app/platform/database.server");
    const { listAudit } = await import("../../app/staff/audit-log.server");
    const database =
      engine === "pglite"
        ? await openDatabase({ dataDir: test.current.dataDir, purpose: "test" })
        : test.current.database;
    try {
      const audit = await listAudit(database.db);
      expect(audit.rows.map((row) => `${row.action} ${row.subject}`)).toEqual(
        expect.arrayContaining([
          "staff.create iot@sampige-academy.example",
          "staff.set-role iot@sampige-academy.example",
          "staff.reset-password iot@sampige-academy.example",
          "staff.remove iot@sampige-academy.example",
        ]),
      );
      expect(audit.rows.every((row) => row.actor.startsWith("command line ("))).toBe(true);
    } finally {
      if (engine === "pglite") await database.close();
    }
  }, 240_000);
});
