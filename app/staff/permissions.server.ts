import { and, eq, gt } from "drizzle-orm";
import { type RouterContextProvider, redirect } from "react-router";
import { databaseContext } from "~/platform/context.server";
import type { AppDatabase } from "~/platform/database.server";
import { ownOrigins } from "~/platform/env.server";
import { session, user } from "../../db/schema";
import { authRefusalStatus, getAuth, sessionAbsoluteMs } from "./auth.server";
import { staffAccessOf } from "./staff-accounts.server";
import {
  accessLabel,
  areaOf,
  type BranchSet,
  type CourseSet,
  isStaffRole,
  type StaffRole,
  sameBranches,
  sameCourses,
  staffRoles,
  worksOn,
} from "./staff-roles";

export { areaOf, isStaffRole, type StaffRole, staffRoles, worksOn };

export interface StaffUser {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  /** A counsellor's courses (course keys, or "all"); an admin has none and works on every course. */
  courses?: CourseSet;
  /** The branches a counsellor is limited to (none: every branch); an admin has none. */
  branches?: BranchSet;
  /** The session this request came with (a live stream checks it again while open). */
  sessionId: string;
}

export const unauthorizedLocation = "/login?notice=unauthorized";

/**
 * The signed-in staff member, or null: no session, an expired or revoked one, one older
 * than the absolute limit (which is ended here), or an account without a valid role.
 */
export async function getStaffUser(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<StaffUser | null> {
  if (!request.headers.get("cookie")) return null;
  const database = context.get(databaseContext);
  const auth = await getAuth(database);
  let found: Awaited<ReturnType<typeof auth.api.getSession>>;
  try {
    // Better Auth checks the idle expiry and slides it forward on use (at most every 5 minutes).
    found = await auth.api.getSession({ headers: request.headers });
  } catch (error) {
    // A session deleted while being read; anything else (the database down) is a real failure.
    if ((await authRefusalStatus(error)) === 401) return null;
    throw error;
  }
  if (!found) return null;
  if (Date.now() - new Date(found.session.createdAt).getTime() >= sessionAbsoluteMs) {
    await database.db.delete(session).where(eq(session.id, found.session.id));
    return null;
  }
  const role = found.user.role;
  if (!isStaffRole(role)) {
    console.warn("Invalid user role", { email: found.user.email, role });
    return null;
  }
  const { courses, branches } =
    role === "admin" ? { courses: [], branches: [] } : await staffAccessOf(database.db, found.user.id);
  return {
    id: found.user.id,
    email: found.user.email,
    name: found.user.name,
    role,
    courses,
    branches,
    sessionId: found.session.id,
  };
}

/**
 * Whether the session a staff member opened a live stream with still stands: not signed
 * out, not ended by a change of role, courses or branches, a password reset or removal, not past
 * either time limit. A change of role or courses ends the account's sessions; the role and
 * courses are compared too, so a stream never outlives the access it was opened with.
 * Reads the row without touching it, so an open stream alone never keeps a session alive.
 */
export async function isSessionCurrent(db: AppDatabase, staff: StaffUser): Promise<boolean> {
  const now = new Date();
  const [row] = await db
    .select({ createdAt: session.createdAt, role: user.role })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(and(eq(session.id, staff.sessionId), gt(session.expiresAt, now)))
    .limit(1);
  if (!row) return false;
  if (row.role !== staff.role || now.getTime() - row.createdAt.getTime() >= sessionAbsoluteMs) return false;
  if (staff.role === "admin") return true;
  const access = await staffAccessOf(db, staff.id);
  return sameCourses(access.courses, staff.courses ?? []) && sameBranches(access.branches, staff.branches ?? []);
}

const unsafeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The staff member, when signed in with one of the allowed roles. Someone not signed in is
 * sent to /login ("Unauthorized access"); a staff member whose role does not open this page
 * is told so (403) rather than sent to sign in again. A state-changing request must come from
 * a page of this site (Origin, else Referer), or it is refused with 403.
 */
export async function requireStaff(
  request: Request,
  context: Readonly<RouterContextProvider>,
  allowed: readonly StaffRole[],
): Promise<StaffUser> {
  if (unsafeMethods.has(request.method.toUpperCase()) && !isSameOrigin(request)) throw crossSiteRefusal();
  const staff = await getStaffUser(request, context);
  if (!staff) throw redirect(unauthorizedLocation);
  if (!allowed.includes(staff.role)) throw notYourPage(staff);
  return staff;
}

/** What a signed-in staff member hears on a page their role does not open. */
export function notYourPage(staff: StaffUser): Response {
  const desk = areaOf(staff);
  return new Response(
    `This page is not open to your account (${staff.email}, ${accessLabel(staff)}). Your desk is at ${desk}.`,
    { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } },
  );
}

export function crossSiteRefusal(): Response {
  return new Response("This form must be sent from a page of this site.", {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** The page that sent the request, from Origin or else Referer; undefined when neither says. */
function senderOrigin(request: Request): string | undefined | null {
  const origin = request.headers.get("origin");
  if (origin === "null") return null;
  if (origin) return origin;
  const referer = request.headers.get("referer");
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

function matchesSite(sender: string, request: Request): boolean {
  let from: URL;
  try {
    from = new URL(sender);
  } catch {
    return false;
  }
  const own = new URL(request.url);
  if (from.origin === own.origin) return true;
  // Behind a proxy that ends TLS, the browser is on PUBLIC_URL's https:// origin.
  return ownOrigins.has(from.origin);
}

/** Strict: the request names its sending page and that page is on this site. */
export function isSameOrigin(request: Request): boolean {
  const sender = senderOrigin(request);
  return typeof sender === "string" && matchesSite(sender, request);
}

/** Lenient, for sign-in and sign-out: only a request that says it comes from elsewhere. */
export function isCrossSite(request: Request): boolean {
  if (request.headers.get("sec-fetch-site") === "cross-site") return true;
  const sender = senderOrigin(request);
  return sender === null || (typeof sender === "string" && !matchesSite(sender, request));
}
