import { data, redirect } from "react-router";
import { Field, FormMessage } from "~/components/forms";
import { site } from "~/config/site";
import { clientAddressContext, databaseContext } from "~/platform/context.server";
import { logFault } from "~/platform/error-log.server";
import { readFormBody } from "~/platform/form-data.server";
import type { RouteHandle } from "~/root";
import { originFrom, pageMeta } from "~/site/seo";
import {
  authRefusalStatus,
  clientAddressHeader,
  endSessionByToken,
  type SignInAttempt,
  signInCookies,
  signInThrottle,
  signInWithPassword,
} from "~/staff/auth.server";
import { crossSiteRefusal, getStaffUser, isCrossSite } from "~/staff/permissions.server";
import { courseSetOf } from "~/staff/staff-accounts.server";
import { isStaffRole, landingOf } from "~/staff/staff-roles";
import type { Route } from "./+types/login";

export const handle: RouteHandle = { enhance: true };

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: `Staff login | ${site.name}`,
    description: `Sign-in for ${site.name} staff: counsellors, course coordinators and administrators.`,
    path: "/login",
    origin: originFrom(matches),
  });
}

/** "Too many failed sign-in attempts" says when to try again (Retry-After) to the browser too. */
export function headers({ actionHeaders, parentHeaders }: Route.HeadersArgs) {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const notice = new URL(request.url).searchParams.get("notice");
  if (notice === "unauthorized") return { notice: "Unauthorized access" };
  // Signed in already: straight to the staff member's own area. Not after a refusal,
  // which must be shown even to a signed-in coordinator who tried another course's page.
  const staff = await getStaffUser(request, context);
  if (staff) throw redirect(landingOf(staff));
  return { notice: null };
}

interface LoginProblem {
  formError: string;
  email?: string;
}

const invalidCredentials = "Invalid email or password";
const tooManyFailures = "Too many failed sign-in attempts. Please try again later.";

/**
 * Sign-in: one answer for every wrong e-mail or password (Better Auth hashes the password
 * even for an unknown e-mail, so the time taken does not tell either), attempts counted
 * per client address, per account from that address and per account (app/staff/auth.server.ts),
 * then the session cookie on a redirect to the area.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (isCrossSite(request)) throw crossSiteRefusal();
  const form = await readFormBody(request);
  if (!form) {
    return data<LoginProblem>({ formError: "Please sign in with the form on this page." }, { status: 415 });
  }
  const email = text(form, "email").trim().toLowerCase().slice(0, 320);
  const password = text(form, "password");
  if (!email || !password) {
    return data<LoginProblem>({ formError: "Please enter your email and password.", email }, { status: 400 });
  }

  const database = context.get(databaseContext);
  const address = context.get(clientAddressContext);
  const throttle = signInThrottle(database);
  const unavailable = () =>
    data<LoginProblem>(
      { formError: "Signing in is not possible right now. Please try again in a minute.", email },
      { status: 503 },
    );
  // Counted before the password is checked, so a burst sent at once cannot outrun the limit.
  let attempt: SignInAttempt;
  try {
    attempt = await throttle.attempt(address, email);
  } catch (error) {
    logFault("Sign-in failed", error);
    return unavailable();
  }
  if (!attempt.allowed) {
    return data<LoginProblem>(
      { formError: tooManyFailures, email },
      { status: 429, headers: { "Retry-After": String(attempt.retryAfterSeconds) } },
    );
  }

  const headers = new Headers(request.headers);
  headers.set(clientAddressHeader, address);
  let signedIn: Awaited<ReturnType<typeof signInWithPassword>>;
  try {
    signedIn = await signInWithPassword(database, { email, password }, headers);
  } catch (error) {
    const refusal = await authRefusalStatus(error);
    if (refusal === undefined || refusal >= 500) {
      logFault("Sign-in failed", error);
      await attempt.withdrawn().catch(() => {});
      return unavailable();
    }
    await new Promise((resolve) => setTimeout(resolve, attempt.failureDelayMs));
    return data<LoginProblem>({ formError: invalidCredentials, email }, { status: 401 });
  }
  // The password was right: a failure to take the attempt back only leaves it to run out.
  await attempt.succeeded().catch(() => {});

  const { user, token } = signedIn.response;
  if (!isStaffRole(user.role)) {
    console.warn("Invalid user role", { email: user.email, role: user.role });
    await endSessionByToken(database.db, token);
    return redirect("/login");
  }
  const cookies = new Headers();
  for (const cookie of signInCookies(signedIn.headers)) cookies.append("Set-Cookie", cookie);
  const courses = user.role === "admin" ? [] : await courseSetOf(database.db, user.id);
  return redirect(landingOf({ role: user.role, courses }), { headers: cookies });
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as { formError?: string; email?: string } | undefined;
  const message = result?.formError ?? loaderData.notice;
  return (
    <div className="page-narrow max-w-md">
      <h1 className="page-title">Staff login</h1>
      <p className="mb-6 text-slate-700">For counsellors, course coordinators and administrators of {site.name}.</p>
      {message ? <FormMessage tone="error">{message}</FormMessage> : null}
      <form method="post" className="form-card space-y-2" noValidate>
        <Field label="Email" name="email">
          {(control) => <input {...control} type="email" autoComplete="username" defaultValue={result?.email ?? ""} />}
        </Field>
        <Field label="Password" name="password" id="login-password">
          {(control) => <input {...control} type="password" autoComplete="current-password" />}
        </Field>
        {/* Showing the password needs the page script, so the box appears only with it. */}
        <div hidden>
          <label className="checkbox-row">
            <input type="checkbox" data-show-password="login-password" />
            Show password
          </label>
        </div>
        <button type="submit" className="btn-primary w-full">
          Login
        </button>
      </form>
    </div>
  );
}
