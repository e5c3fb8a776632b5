import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { NonceContext } from "~/components/nonce";
import { nonceContext } from "~/platform/context.server";
import { logFault } from "~/platform/error-log.server";
import type { RouteHandle } from "~/root";

export const streamTimeout = 5_000;

/**
 * Renders the whole document before answering (no streaming): pages are small,
 * and a complete document can be cached and measured as one.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // A form page carries a one-time token: neither a cache nor the browser's Back may show an old
  // copy (the template cache in http/page-cache.ts keeps this header with the page).
  if (isFormPage(routerContext)) responseHeaders.set("Cache-Control", "no-store");
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(nonceContext);

  return new Promise<Response>((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          logFault(`Rendering ${new URL(request.url).pathname} failed`, error);
        },
      },
    );
  });
}

/** The public form pages are the ones that load the form script (decision 005). */
function isFormPage(context: EntryContext): boolean {
  return context.staticHandlerContext.matches.some(
    (match) => (context.routeModules[match.route.id]?.handle as RouteHandle | undefined)?.enhance === true,
  );
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // A request the app refuses (a method a page does not take, a path that does not exist) is
  // answered with its 4xx and is not a fault: logging it would bury the real errors.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  logFault(`Answering ${request.method} ${new URL(request.url).pathname} failed`, error);
}
