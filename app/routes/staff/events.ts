import { isBranchLimited, isInScope, recordScopeOf } from "~/admissions/records/record-scope.server";
import { getStudentRecord } from "~/admissions/records/student-records.server";
import { getSubmission } from "~/admissions/submissions/submission-repository.server";
import { databaseContext } from "~/platform/context.server";
import { onMissedSubmissions, onRecordChange, onShutdown, onSubmission } from "~/platform/events.server";
import { isSessionCurrent, requireStaff, staffRoles } from "~/staff/permissions.server";
import type { Route } from "./+types/events";

/** A comment line keeps proxies from closing an idle stream; the session is checked again each time. */
const heartbeatMs = 25_000;

/**
 * The live feed of new submissions and student record changes for open staff desks
 * (Server-Sent Events). A counsellor hears only of registrations and records of their courses, and of
 * enquiries filed on records they see (decision 018). "resync" says entries may have
 * come in unheard (the relay between processes was down): the table reloads its list. The browser's
 * EventSource reconnects by itself after a drop.
 *
 * The session is checked when the stream opens, again before each event and at each
 * heartbeat: a stream whose session has ended (signed out, role changed, password reset,
 * courses changed, account removed, timed out) says "signed-out" and closes; the page then reloads its data
 * and so meets the sign-in page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, staffRoles);
  const { db } = context.get(databaseContext);
  const scope = recordScopeOf(staff);
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      const send = (text: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          end();
        }
      };
      const end = () => {
        if (!open) return;
        open = false;
        cleanup();
        try {
          controller.close();
        } catch {}
      };
      /** Sends `text` while the session still stands; otherwise says so and ends the stream. */
      const sendIfSignedIn = async (text: string) => {
        let current: boolean;
        try {
          current = await isSessionCurrent(db, staff);
        } catch {
          // The database is unreachable: end the stream; the browser's reconnect tries again.
          end();
          return;
        }
        if (current) {
          send(text);
        } else {
          // The page stops listening and reloads its data, which leads to the sign-in page.
          send("event: signed-out\ndata: {}\n\n");
          end();
        }
      };
      send("retry: 2000\n: connected\n\n");
      /** Whether a counsellor sees this submission: a registration of their courses, an enquiry on a record they see. */
      const hears = async (event: { kind: string; id: string; course?: string }): Promise<boolean> => {
        if (scope.all) return true;
        // A registration's course tells, unless the counsellor is limited to branches: then its record does.
        if (event.kind === "registration" && !isBranchLimited(scope)) {
          return isInScope(scope, { courses: event.course ? [event.course] : [], branch: null });
        }
        const id = Number(event.id);
        if (!Number.isInteger(id) || id < 1) return false;
        const stored = await getSubmission(db, event.kind === "registration" ? "registration" : "enquiry", id);
        return Boolean(stored?.studentId && (await getStudentRecord(db, stored.studentId, scope)));
      };
      /** Whether a counsellor works on this changed record (of a counsellor limited to branches, asked of the record). */
      const hearsRecord = async (event: { id: number; courses: string[] }): Promise<boolean> => {
        if (!isInScope(scope, { courses: event.courses, branch: null })) return false;
        if (!isBranchLimited(scope) || event.id < 1) return true;
        return Boolean(await getStudentRecord(db, event.id, scope));
      };
      const unsubscribe = onSubmission((event) => {
        void hears(event)
          .then((yes) => (yes ? sendIfSignedIn(`event: submission\ndata: ${JSON.stringify(event)}\n\n`) : undefined))
          .catch(() => end());
      });
      const unsubscribeRecords = onRecordChange((event) => {
        void hearsRecord(event)
          .then((yes) =>
            yes ? sendIfSignedIn(`event: record\ndata: ${JSON.stringify({ id: event.id })}\n\n`) : undefined,
          )
          .catch(() => end());
      });
      // Entries may have come in unheard (the relay between processes was down): reload the list.
      const unsubscribeMissed = onMissedSubmissions(() => void sendIfSignedIn("event: resync\ndata: {}\n\n"));
      const heartbeat = setInterval(() => void sendIfSignedIn(": keep-alive\n\n"), heartbeatMs);
      const stopOnShutdown = onShutdown(end);
      cleanup = () => {
        clearInterval(heartbeat);
        unsubscribe();
        unsubscribeRecords();
        unsubscribeMissed();
        stopOnShutdown();
      };
      request.signal.addEventListener("abort", end);
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform keeps the compression middleware from buffering the stream.
      "Cache-Control": "no-store, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
