import { useState } from "react";
import { Form } from "react-router";
import type { Route } from "./+types/login";
import type { RouteHandle } from "~/root";
import { Field, FormMessage } from "~/components/forms";
import { site } from "~/config/site";
import { originFrom, pageMeta } from "~/lib/seo";

export const handle: RouteHandle = { hydrate: true };

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: `Staff login | ${site.name}`,
    description: `Sign-in for ${site.name} staff: counsellors, course coordinators and administrators.`,
    path: "/login",
    origin: originFrom(matches),
    noindex: true,
  });
}

export function loader({ request }: Route.LoaderArgs) {
  const notice = new URL(request.url).searchParams.get("notice");
  return { notice: notice === "unauthorized" ? "Unauthorized access" : null };
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const [showPassword, setShowPassword] = useState(false);
  const result = actionData as { formError?: string; email?: string } | undefined;
  return (
    <div className="page-narrow max-w-md">
      <h1 className="page-title">Staff login</h1>
      <p className="mb-6 text-slate-700">For counsellors, course coordinators and administrators of {site.name}.</p>
      {loaderData.notice && !result ? <FormMessage tone="error">{loaderData.notice}</FormMessage> : null}
      {result?.formError ? <FormMessage tone="error">{result.formError}</FormMessage> : null}
      <Form method="post" className="form-card space-y-4" noValidate>
        <Field label="Email" name="email">
          {(control) => (
            <input {...control} type="email" autoComplete="username" defaultValue={result?.email ?? ""} />
          )}
        </Field>
        <Field label="Password" name="password">
          {(control) => (
            <input {...control} type={showPassword ? "text" : "password"} autoComplete="current-password" />
          )}
        </Field>
        <label className="checkbox-row">
          <input type="checkbox" checked={showPassword} onChange={(event) => setShowPassword(event.target.checked)} />
          Show password
        </label>
        <button type="submit" className="btn-primary w-full">
          Login
        </button>
      </Form>
    </div>
  );
}
