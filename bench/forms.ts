// The form load: connections posting enquiries and registrations alternately, each a new student
// with its own e-mail, mobile and token, as fast as answers come; and the count of what was
// stored afterwards (rows and distinct tokens), which proves each was kept exactly once.
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import { browserHeaders } from "./http.ts";
import type { Query } from "./site.ts";

export const formConnections = 10;
export const formSeconds = 8;

// Each submission is a new student (its own e-mail and mobile), as most forms are: one mobile
// for all of them would file thousands of forms on one record, every arrival rewriting its
// growing lists of addresses, which no institute sees.
const studentFields = {
  name: "Bench Student",
  stream: "B.E",
  major: "ECE",
  state: "karnataka",
  district: "Udupi",
  consent: "yes",
  website: "",
};
export const formHeaders = {
  "content-type": "application/x-www-form-urlencoded",
  "user-agent": browserHeaders["user-agent"],
  cookie: browserHeaders.cookie,
};
/** The load sends no MATLAB registrations: those are the probes whose arrival is timed (bench/live.ts). */
const loadCourses = ["embedded", "python fullstack", "iot", "ai"];
let sequence = 0;

export function formBody(kind: "enquiry" | "registration", course?: string): string {
  const n = ++sequence;
  const fields: Record<string, string> = {
    ...studentFields,
    email: `bench-${n}@example.org`,
    mobile: `9${String(n).padStart(9, "0")}`,
    token: randomUUID(),
  };
  if (kind === "registration") fields.course = course ?? loadCourses[n % loadCourses.length] ?? "embedded";
  return new URLSearchParams(fields).toString();
}

export interface FormResult {
  rate: number;
  p50: number;
  p99: number;
  accepted: number;
  refused: number;
  errors: number;
}

export interface FormLoadOptions {
  connections?: number;
  seconds?: number;
  /** Each form's body (bench/forms.ts's students by default). */
  body?: (kind: "enquiry" | "registration") => string;
}

/** The form load on the site at `origin`: formConnections connections for formSeconds by default. */
export async function formLoad(origin: string, options: FormLoadOptions = {}): Promise<FormResult> {
  const { connections = formConnections, seconds = formSeconds, body = (kind) => formBody(kind) } = options;
  const post = (kind: "enquiry" | "registration", pathName: string): autocannon.Request => ({
    method: "POST",
    path: pathName,
    headers: formHeaders,
    setupRequest: (req) => ({ ...req, body: body(kind) }),
  });
  const result = await autocannon({
    url: origin,
    connections,
    duration: seconds,
    requests: [post("enquiry", "/contact"), post("registration", "/online/register")],
  });
  const stats = result.statusCodeStats ?? {};
  const accepted = stats["302"]?.count ?? 0;
  const answered = Object.values(stats).reduce((sum, s) => sum + (s?.count ?? 0), 0);
  return {
    rate: accepted / (result.duration || seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    accepted,
    refused: answered - accepted,
    errors: result.errors + result.timeouts,
  };
}

export interface StoredForms {
  rows: number;
  distinctTokens: number;
}

/** The form rows the bench's students left (enquiries and registrations), less `probes` sent apart. */
export async function storedForms(query: Query, probes = 0): Promise<StoredForms> {
  let rows = 0;
  let distinctTokens = 0;
  for (const table of ["enquiries", "registrations"]) {
    const [row] = (await query(
      `select count(*)::int as rows, count(distinct submission_token)::int as tokens from ${table} where email like 'bench-%@example.org'`,
    )) as { rows: number; tokens: number }[];
    rows += row?.rows ?? 0;
    distinctTokens += row?.tokens ?? 0;
  }
  return { rows: rows - probes, distinctTokens: distinctTokens - probes };
}

/**
 * Whether every form answered as accepted was stored exactly once: as many distinct tokens as
 * rows, and no fewer rows than answers (those still in flight when the load stopped are stored
 * but not counted as answered, at most one per connection).
 */
export function storedExactlyOnce(forms: FormResult, stored: StoredForms): { exact: boolean; inFlight: number } {
  const inFlight = stored.rows - forms.accepted;
  return {
    exact: stored.distinctTokens === stored.rows && inFlight >= 0 && inFlight <= formConnections,
    inFlight,
  };
}
