// Faults written to the server's log without the personal data they may carry. A failed
// statement's error (Drizzle's) holds the statement's values in its message and its stack: a
// student's name, e-mail and mobile when a form could not be stored. PostgreSQL's own error
// keeps the failing row in its detail. The log gets the reason, its code, the statement's text
// and where it happened; the values stay out.
import { DrizzleQueryError } from "drizzle-orm";

/** The error as the log may show it: its stack (or message), a code, and its causes, without a statement's values. */
export function errorForLog(error: unknown, depth = 0): string {
  if (!(error instanceof Error)) return typeof error === "string" ? error : `a thrown ${typeof error}`;
  if (depth > 4) return `${error.name}: ${error.message}`;
  if (error instanceof DrizzleQueryError) {
    const reason = error.cause === undefined ? "no reason given" : errorForLog(error.cause, depth + 1);
    return `${reason}\n    in the statement: ${error.query} (its ${error.params.length} values are not logged)`;
  }
  const code = (error as { code?: unknown }).code;
  const described = (error.stack ?? `${error.name}: ${error.message}`) + (typeof code === "string" ? ` [${code}]` : "");
  return error.cause === undefined ? described : `${described}\n  caused by: ${errorForLog(error.cause, depth + 1)}`;
}

/** Logs a fault: what failed, and the error without the personal data it may carry. */
export function logFault(what: string, error: unknown): void {
  console.error(`${what}: ${errorForLog(error)}`);
}
