import { data } from "react-router";
import type { Route } from "./+types/not-found";

/** Any URL no other route claims: the product's 404 page (rendered by the root ErrorBoundary). */
export function loader(_: Route.LoaderArgs) {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
