// A relative import, so the page list also loads in plain Node (benchmark, Lighthouse script).
import { courseIds } from "./content/types.ts";

/** Every public page's canonical path, for the sitemap, tests and redirects. */
export const publicPaths: readonly string[] = [
  "/",
  "/about/founder-chairman",
  "/about/admissions",
  "/about/facilities",
  "/about/events",
  "/about/bytes-in-bits",
  "/about/review",
  "/our-placements",
  "/industry-partnership",
  ...courseIds.map((id) => `/courses/${id}`),
  "/contact",
  "/online/register",
  "/login",
  "/privacy",
];
