import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { site } from "~/config/site";
import type { AppDatabase, Database } from "~/platform/database.server";
import {
  type CounterStore,
  type CounterWindow,
  counterStoreFor,
  createMemoryCounterStore,
  minutes,
} from "~/platform/rate-limit.server";
import { account, rateLimit, session, user, verification } from "../../db/schema";
import { hashPassword, verifyPassword } from "./password.server";

/** Idle timeout: a session unused for an hour ends (Better Auth's own expiry, slid by use). */
export const sessionIdleSeconds = 60 * 60;
/** How often use moves the expiry forward: at most one session write per 5 minutes of activity. */
export const sessionRefreshSeconds = 5 * 60;
/** Absolute timeout: no session lives longer than this, however busy (checked by the guard). */
export const sessionAbsoluteMs = 12 * 60 * 60 * 1000;

/**
 * The login action copies clientAddressContext into this header of the headers it hands
 * Better Auth, and Better Auth reads the session's IP address only from it: a client's own
 * X-Forwarded-For never reaches the session record.
 */
export const clientAddressHeader = "x-institute-client-address";

/**
 * Better Auth, loaded on the first sign-in or the first request with a cookie: with the modules it
 * brings (its query builder, JWT and cipher libraries) it held some 11 MB of the heap of a site
 * that may serve only public pages for hours (decision 016). Node loads a module once; later
 * imports answer the same one.
 */
function loadBetterAuth() {
  return Promise.all([import("better-auth"), import("better-auth/adapters/drizzle"), import("better-auth/api")]);
}

async function createAuth(database: Database) {
  const [{ betterAuth }, { drizzleAdapter }] = await loadBetterAuth();
  const publicUrl = process.env.PUBLIC_URL?.trim() || undefined;
  return betterAuth({
    appName: site.name,
    // Only sign-in and session look-ups run, on the server: the URL names the site in
    // cookies' scope and in Better Auth's messages; nothing is fetched from it.
    baseURL: publicUrl ?? `http://localhost:${process.env.PORT || 3000}`,
    secret: authSecret(),
    database: drizzleAdapter(database.db, {
      provider: "pg",
      schema: { user, session, account, verification, rateLimit },
    }),
    emailAndPassword: {
      enabled: true,
      // Accounts are made by an admin or the CLI (app/staff/staff-accounts.server.ts).
      disableSignUp: true,
      // The policy counts code points (at most 128); Better Auth counts UTF-16 units.
      maxPasswordLength: 1024,
      password: { hash: hashPassword, verify: verifyPassword },
      revokeSessionsOnPasswordReset: true,
    },
    user: {
      additionalFields: { role: { type: "string", required: false, input: false } },
    },
    session: {
      expiresIn: sessionIdleSeconds,
      updateAge: sessionRefreshSeconds,
      // Every request reads the session row, so a revoked session ends at once.
      cookieCache: { enabled: false },
    },
    advanced: {
      useSecureCookies: publicUrl?.startsWith("https://") ?? false,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
      ipAddress: { ipAddressHeaders: [clientAddressHeader], ipv6Subnet: 128 },
    },
    telemetry: { enabled: false },
    // Its warnings for each wrong password name neither account nor address: noise, not a trail.
    logger: { level: "error" },
  });
}

export type Auth = Awaited<ReturnType<typeof createAuth>>;
export type AuthSession = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;

const instances = new WeakMap<Database, Promise<Auth>>();

/** The Better Auth instance over this database (one per Database object). */
export function getAuth(database: Database): Promise<Auth> {
  let auth = instances.get(database);
  if (!auth) {
    auth = createAuth(database);
    instances.set(database, auth);
    // A failed load is tried again by the next request rather than remembered.
    auth.catch(() => instances.delete(database));
  }
  return auth;
}

/**
 * The HTTP status of Better Auth's APIError (a refusal: 401 for a wrong password or a session
 * gone), or undefined for any other error. Only asked after a Better Auth call failed, so the
 * module is loaded by then, unless loading it was what failed (then the sign-in's own "not
 * available" answer follows, and the attempt is taken back, instead of a 500).
 */
export async function authRefusalStatus(error: unknown): Promise<number | undefined> {
  // Better Auth that could not be loaded refused nothing: the sign-in failed on our side.
  const loaded = await loadBetterAuth().catch(() => undefined);
  if (!loaded) return undefined;
  const [, , { isAPIError }] = loaded;
  return isAPIError(error) ? error.statusCode : undefined;
}

/**
 * Better Auth's e-mail sign-in, answering with the new session and its Set-Cookie headers.
 * Throws Better Auth's APIError (401) for a wrong e-mail or password.
 */
export async function signInWithPassword(
  database: Database,
  body: { email: string; password: string },
  headers: Headers,
) {
  const auth = await getAuth(database);
  return auth.api.signInEmail({ body: { ...body, rememberMe: true }, headers, returnHeaders: true });
}

/** Ends one session (by its cookie token). */
export async function endSessionByToken(db: AppDatabase, token: string): Promise<void> {
  await db.delete(session).where(eq(session.token, token));
}

/**
 * BETTER_AUTH_SECRET, or else a random secret made once and kept in <DATA_DIR>/auth-secret
 * (mode 0600), so sessions survive a restart without anyone having to configure one.
 * Several servers sharing one PostgreSQL need the same BETTER_AUTH_SECRET.
 */
export function authSecret(dataDir = path.resolve(process.env.DATA_DIR || "./data")): string {
  const fromEnvironment = process.env.BETTER_AUTH_SECRET?.trim();
  if (fromEnvironment) return fromEnvironment;
  const file = path.join(dataDir, "auth-secret");
  const existing = readSecret(file);
  if (existing) return existing;
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString("base64url");
  // Written aside and linked into place: a second process starting at the same moment
  // either wins or reads the complete secret of the first, never half of it.
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${secret}\n`, { mode: 0o600 });
  try {
    fs.linkSync(temporary, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const winner = readSecret(file);
    if (!winner) throw new Error(`${file} is empty: remove it, or set BETTER_AUTH_SECRET.`);
    return winner;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

function readSecret(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8").trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * The Set-Cookie lines of a sign-in, with the session cookie kept for the absolute limit
 * (12 h) instead of Better Auth's expiresIn (1 h). Session refreshes happen in guards that
 * cannot add headers to a page's response, so a 1 h cookie would end a busy session after an
 * hour; the idle limit is the session row's sliding expiry, checked on every request.
 */
export function signInCookies(headers: Headers): string[] {
  const maxAge = Math.floor(sessionAbsoluteMs / 1000);
  return headers.getSetCookie().map((cookie) => {
    const name = cookie.slice(0, cookie.indexOf("="));
    if (!name.endsWith(".session_token")) return cookie;
    const attributes = cookie
      .split(";")
      .filter((part) => !/^\s*(max-age|expires)=/i.test(part))
      .join(";");
    return `${attributes}; Max-Age=${maxAge}`;
  });
}

// Sign-in attempts, counted before the password is checked, so that a burst sent all at once
// gets no more checks than the limits allow, with several processes too (the counts are shared
// on PostgreSQL). An attempt whose password was right, or could not be checked, is taken back:
// what stays counted is wrong passwords. A stranger's wrong passwords hold back the stranger's
// address, not the account's owner elsewhere (docs/decisions/003-staff-auth.md). Better
// Auth's own rate limiter runs only in its HTTP handler, which this site does not mount.

export const signInLimits = {
  /** Wrong passwords for one account from one client address. */
  perAccountAndAddress: 5,
  /** Wrong passwords from one client address, for any accounts (a whole office behind one address shares it). */
  perAddress: 10,
  /** Wrong passwords for one account from every address together: bounds guessing spread over many addresses. */
  perAccount: 100,
  windowMs: minutes(15),
  /** Extra wait before answering each further wrong password for the same account, and its cap. */
  delayStepMs: 150,
  maxDelayMs: 1500,
} as const;

export type SignInAttempt =
  | { allowed: false; retryAfterSeconds: number }
  | {
      allowed: true;
      /** How long to hold back the answer to a wrong password (ms). */
      failureDelayMs: number;
      /** The password was right: the attempt is taken back, and the account's failures from this address forgotten. */
      succeeded(): Promise<void>;
      /** The password could not be checked (the database failed): the attempt is taken back. */
      withdrawn(): Promise<void>;
    };

export interface SignInThrottle {
  /** Counts an attempt before its password is checked; refused, and not counted, once any of its allowances is used up. */
  attempt(address: string, email: string): Promise<SignInAttempt>;
}

/** Attempts counted in `store`: in memory for one process, in PostgreSQL for several (see rate-limit.server.ts). */
export function createSignInThrottle(
  store: CounterStore = createMemoryCounterStore(),
  limits = signInLimits,
): SignInThrottle {
  const release = (keys: string[]) => Promise.all(keys.map((key) => store.release(key))).then(() => {});
  return {
    async attempt(address, email) {
      const byAddress = `signin:address:${address}`;
      // The address has no spaces, so this key cannot be read two ways.
      const byAccountAndAddress = `signin:account-address:${address} ${email}`;
      const byAccount = `signin:email:${email}`;
      const counts = [
        { key: byAddress, limit: limits.perAddress },
        { key: byAccountAndAddress, limit: limits.perAccountAndAddress },
        { key: byAccount, limit: limits.perAccount },
      ];
      const hits = await Promise.allSettled(counts.map(({ key }) => store.hit(key, limits.windowMs)));
      const counted = counts.filter((_, i) => hits[i]?.status === "fulfilled").map(({ key }) => key);
      const windows: CounterWindow[] = [];
      for (const hit of hits) {
        if (hit.status === "fulfilled") windows.push(hit.value);
        else {
          await release(counted).catch(() => {});
          throw hit.reason;
        }
      }
      let retryAfterSeconds = 0;
      counts.forEach(({ limit }, i) => {
        const window = windows[i];
        if (window && window.count > limit) {
          retryAfterSeconds = Math.max(retryAfterSeconds, Math.ceil(window.remainingMs / 1000), 1);
        }
      });
      if (retryAfterSeconds > 0) {
        // A refused attempt checks no password, so it does not count: it is only told to wait.
        await release(counted);
        return { allowed: false, retryAfterSeconds };
      }
      const accountFailures = (windows[2]?.count ?? 1) - 1;
      return {
        allowed: true,
        failureDelayMs: Math.min(accountFailures * limits.delayStepMs, limits.maxDelayMs),
        async succeeded() {
          await Promise.all([store.release(byAddress), store.release(byAccount), store.clear(byAccountAndAddress)]);
        },
        withdrawn: () => release(counted),
      };
    },
  };
}

const throttles = new WeakMap<Database, SignInThrottle>();

/** The sign-in throttle of the site using this database (shared by every process on PostgreSQL). */
export function signInThrottle(database: Database): SignInThrottle {
  let throttle = throttles.get(database);
  if (!throttle) {
    throttle = createSignInThrottle(counterStoreFor(database));
    throttles.set(database, throttle);
  }
  return throttle;
}
