/** Typed shapes of the institute's content. Pages render these; staff edits (later) override them. */

import type { CourseId, CourseKey, CourseValue } from "../course-catalog.ts";

export { type CourseId, courseIds } from "../course-catalog.ts";

/** The key used for start dates and coordinator roles (fullstack is "python"). */
export type CoordinatorKey = CourseKey;

export interface Picture {
  /** Path under /public, e.g. "/images/courses/embedded.svg". */
  src: string;
  width: number;
  height: number;
  /** Empty string only for purely decorative images. */
  alt: string;
}

export interface SyllabusSection {
  title: string;
  topics: string[];
}

export interface Course {
  id: CourseId;
  /** Full title, e.g. "Embedded Systems". */
  title: string;
  /** Label in menus, e.g. "Embedded". */
  menuLabel: string;
  /** Value stored for a registration, lower-case, e.g. "python fullstack". */
  registrationValue: CourseValue;
  coordinatorKey: CoordinatorKey;
  /** One or two sentences for cards (home, admissions). */
  summary: string;
  /** A paragraph introducing the course page. */
  description: string;
  /** 150-160 characters for <meta name="description">. */
  metaDescription: string;
  /** Human duration, e.g. "4 months". */
  duration: string;
  /** ISO 8601 duration of the whole course for structured data, e.g. "P4M". */
  durationIso: string;
  /** Class hours a day in each kind of batch: weekday (Monday to Friday) and weekend (Saturday and Sunday). */
  schedule: { weekdayHours: number; weekendHours: number };
  /** Course fee in INR (indicative), for structured data offers. */
  feeInr: number;
  /** Who the course suits. */
  audience: string;
  /** What a student can do at the end: 4-6 items. */
  outcomes: string[];
  image: Picture;
  /** At least 8 sections, each with 4-8 topics. Fixed trailing items are added by the page. */
  syllabus: SyllabusSection[];
}

export interface Review {
  name: string;
  /** e.g. "Embedded Systems, 2023 batch" */
  course: string;
  rating: 5;
  text: string;
}

export interface Partner {
  name: string;
  logo: Picture;
}

/** An events gallery; its photos, captions and dates are staff's (site_photos, place = id). */
export interface Gallery {
  id: "workshops" | "seminars" | "exhibitions";
  title: string;
  intro: string;
}

export interface TextSection {
  heading: string;
  paragraphs: string[];
  image?: Picture;
  /** Optional bullet points under the paragraphs. */
  points?: string[];
}
