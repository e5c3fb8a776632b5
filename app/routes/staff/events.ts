import { courseValueOfRole } from "~/lib/staff-desk";
import { onShutdown, onSubmission } from "~/server/events.server";
import { requireStaff, staffRoles } from "~/server/permissions.server";
import type { Route } from "./+types/events";

/**
 * The live feed of new submissions for open staff tables (Server-Sent Events).
 * A coordinator hears only registrations of their own course. The browser's
 * EventSource reconnects by itself after a drop.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, staffRoles);
  const ownCourse = staff.role === "admin" ? undefined : courseValueOfRole(staff.role);
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      send("retry: 2000\n: connected\n\n");
      const unsubscribe = onSubmission((event) => {
        if (ownCourse && (event.kind !== "registration" || event.course !== ownCourse)) return;
        send(`event: submission\ndata: ${JSON.stringify(event)}\n\n`);
      });
      const heartbeat = setInterval(() => send(": keep-alive\n\n"), 25_000);
      const end = () => {
        cleanup();
        try {
          controller.close();
        } catch {}
      };
      const stopOnShutdown = onShutdown(end);
      cleanup = () => {
        clearInterval(heartbeat);
        unsubscribe();
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
