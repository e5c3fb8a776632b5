import { RouterContextProvider } from "react-router";
import type { MailSettings } from "../../app/admissions/submissions/notifications.server";
import type { SubmissionInput } from "../../app/admissions/submissions/submission-repository.server";
import { clientAddressContext, databaseContext, mailContext } from "../../app/platform/context.server";
import type { Database } from "../../app/platform/database.server";

/** A valid, normalised registration (drop course for an enquiry), with the given changes. */
export function student(overrides: Partial<SubmissionInput<"registration">> = {}): SubmissionInput<"registration"> {
  return {
    name: "Priya Raman",
    email: "priya.raman@example.in",
    mobile: "9876543210",
    stream: "B.E",
    major: "ECE",
    state: "karnataka",
    district: "Bengaluru Urban",
    course: "embedded",
    ...overrides,
  };
}

/** The fields a student's browser posts for a valid enquiry (add `course` for a registration). */
export const studentFormFields = {
  name: "Kavya Shetty",
  email: "kavya.shetty@example.in",
  mobile: "9845012345",
  stream: "B.E",
  major: "ECE",
  state: "karnataka",
  district: "Udupi",
  consent: "yes",
} as const;

let nextAddress = 0;

/** What the server hands a route action: the database, a client address and the mail settings. */
export function actionContext(
  database: Database,
  { address, mail = null }: { address?: string; mail?: MailSettings | null } = {},
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(databaseContext, database);
  // A fresh address per call keeps the per-address limit out of tests that are not about it.
  context.set(clientAddressContext, address ?? `198.51.100.${++nextAddress % 250}`);
  context.set(mailContext, mail);
  return context;
}

/** A form post as a browser sends it (or with another content type, for tests of bad requests). */
export function formPost(
  url: string,
  fields: Record<string, string>,
  contentType = "application/x-www-form-urlencoded",
  cookie?: string,
): Request {
  const body = contentType.startsWith("application/json") ? JSON.stringify(fields) : new URLSearchParams(fields);
  const headers: Record<string, string> = { "Content-Type": contentType };
  if (cookie) headers.Cookie = cookie;
  return new Request(url, { method: "POST", body, headers });
}

/** What a route action answered, thrown or returned: its status, redirect and data. */
// biome-ignore lint/suspicious/noExplicitAny: an action answers with one of several shapes; each test reads the one it expects
export async function settle(run: () => unknown): Promise<{ status: number; location?: string | null; data?: any }> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    // A failure of the code itself is the test's failure, not an answer.
    if (thrown instanceof Error) throw thrown;
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, location: result.headers.get("location") };
  const wrapped = result as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (wrapped?.type === "DataWithResponseInit") return { status: wrapped.init?.status ?? 200, data: wrapped.data };
  return { status: 200, data: result };
}
