// A relative import, so the page list also loads in plain Node (benchmark, Lighthouse script).
import { type CourseId, courseIds } from "./content/types.ts";

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

/** The public pages with a form: they load the form script (app/client/enhance.ts) and carry a per-visit token. */
export const formPagePaths: readonly string[] = ["/contact", "/online/register", "/login"];

/**
 * Which public pages show each kind of content staff edit: a change drops only these from the
 * page cache (app/platform/content-version.server.ts), so desk work that changes no public
 * content (follow-ups, notes, statuses, staff accounts) drops nothing. A page that starts
 * showing one of these must be added here; tests/integration/page-cache.test.ts compares every
 * cached page with a fresh render after each kind of edit.
 */
export const pagesShowing = {
  /** A course's content (title, summary, image...): its page, and the pages listing courses. */
  course: (id: CourseId): string[] => [`/courses/${id}`, "/", "/about/admissions"],
  /** A course's batch start date (its course page id): its page and the admissions page's table. */
  startDate: (id: CourseId): string[] => [`/courses/${id}`, "/about/admissions"],
  /** A course's batches: its page, the home page's next batches, the admissions cards and the registration form. */
  batches: (id: CourseId): string[] => [`/courses/${id}`, "/", "/about/admissions", "/online/register"],
  /** The institute's headline numbers (students trained, batches run, hiring partners). */
  headlineNumbers: ["/"] as string[],
  placedStudents: ["/our-placements"] as string[],
  reviews: ["/", "/about/review"] as string[],
  partners: ["/industry-partnership"] as string[],
  /** The branches' addresses, phones and hours: the footer of every page (and the contact page). */
  branches: publicPaths as string[],
  /** Staff's photos, by where they show (app/site/photo-places.ts). */
  photos: {
    hero: ["/"],
    founder: ["/about/founder-chairman"],
    facilities: ["/about/facilities"],
    workshops: ["/about/events"],
    seminars: ["/about/events"],
    exhibitions: ["/about/events"],
  } as Record<string, string[]>,
};
