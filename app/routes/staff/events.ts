import { databaseContext } from "~/platform/context.server";
import { onMissedSubmissions, onRecordChange, onShutdown, onSubmission } from "~/platform/events.server";
import { isSessionCurrent, requireStaff, staffRoles } from "~/staff/permissions.server";
import { courseValueOfRole } from "~/staff/staff-desk";
import type { Route } from "./+types/events";

/** A comment line keeps proxies from closing an idle stream; the session is checked again each time. */
const heartbeatMs = 25_000;

/**
 * The live feed of new submissions and student record changes for open staff desks
 * (Server-Sent Events). A coordinator hears only registrations and records of their own course. "resync" says entries may have
 * come in unheard (the relay between processes was down): the table reloads its list. The browser's
 * EventSource reconnects by itself after a drop.
 *
 * The session is checked when the stream opens, again before each event and at each
 * heartbeat: a stream whose session has ended (signed out, role changed, password reset,
 * account removed, timed out) says "signed-out" and closes; the page then reloads its data
 * and so meets the sign-in page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, staffRoles);
  const { db } = context.get(databaseContext);
  const ownCourse = staff.role === "admin" ? undefined : courseValueOfRole(staff.role);
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
      const unsubscribe = onSubmission((event) => {
        if (ownCourse && (event.kind !== "registration" || event.course !== ownCourse)) return;
        void sendIfSignedIn(`event: submission\ndata: ${JSON.stringify(event)}\n\n`);
      });
      const unsubscribeRecords = onRecordChange((event) => {
        if (ownCourse && !event.courses.includes(ownCourse)) return;
        void sendIfSignedIn(`event: record\ndata: ${JSON.stringify({ id: event.id })}\n\n`);
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
