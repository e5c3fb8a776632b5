import { isRouteErrorResponse, useRevalidator } from "react-router";

/**
 * What a staff member is told when a desk page fails: "Error: <message>" in plain words,
 * never internals (the server logs those; production builds hide them anyway).
 */
export function deskErrorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return "This page does not exist. Choose one from the menu.";
    if (typeof error.data === "string" && error.data.trim() && error.data.length < 300) return error.data.trim();
    if (error.status === 403) return "This request was refused.";
    return `The server answered ${error.status}. Please try again in a minute.`;
  }
  // A page's data could not be fetched at all: the connection or the server is down.
  if (error instanceof TypeError) return "The desk could not reach the server. Check the connection and try again.";
  return "Something went wrong on this page. Please try again in a minute.";
}

/** The failed page's place in the desk: the message and a way to try again. */
export function DeskErrorPanel({ error }: { error: unknown }) {
  const revalidator = useRevalidator();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="space-y-4">
      <h1 className="page-title">{notFound ? "Page not found" : "This page could not be shown"}</h1>
      <div role="alert" className="form-alert">
        Error: {deskErrorMessage(error)}
      </div>
      {notFound ? null : (
        <p>
          <button
            type="button"
            className="btn-secondary"
            disabled={revalidator.state !== "idle"}
            onClick={() => void revalidator.revalidate()}
          >
            {revalidator.state !== "idle" ? "Loading..." : "Try again"}
          </button>
        </p>
      )}
    </div>
  );
}

/** The message on its own, where the desk around it cannot be drawn (no signed-in area). */
export function DeskErrorAlone({ error }: { error: unknown }) {
  return (
    <main id="main" tabIndex={-1} className="desk-main desk-alone">
      <DeskErrorPanel error={error} />
    </main>
  );
}
