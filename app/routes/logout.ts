import { redirect } from "react-router";
import { databaseContext } from "~/platform/context.server";
import { authRefusalStatus, getAuth } from "~/staff/auth.server";
import { crossSiteRefusal, isCrossSite } from "~/staff/permissions.server";
import type { Route } from "./+types/logout";

/** Signing out changes state, so only a POST does it; a visit by link just goes home. */
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  if (isCrossSite(request)) throw crossSiteRefusal();
  const headers = new Headers();
  try {
    // Deletes the session row and expires the session cookies.
    const auth = await getAuth(context.get(databaseContext));
    const signedOut = await auth.api.signOut({
      headers: request.headers,
      returnHeaders: true,
    });
    for (const cookie of signedOut.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  } catch (error) {
    if ((await authRefusalStatus(error)) === undefined) throw error;
  }
  return redirect("/", { headers });
}
