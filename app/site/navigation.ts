import { courseCatalog } from "./course-catalog";

/** The top navigation of the public site, as data. */
export interface NavLink {
  label: string;
  to: string;
}
export interface NavMenu {
  label: string;
  items: NavLink[];
}
export type NavEntry = NavLink | NavMenu;

export const mainNavigation: NavEntry[] = [
  { label: "HOME", to: "/" },
  {
    label: "About",
    items: [
      { label: "Founder & Chairman", to: "/about/founder-chairman" },
      { label: "Admissions", to: "/about/admissions" },
      { label: "Facilities", to: "/about/facilities" },
      { label: "Events", to: "/about/events" },
      { label: "Bytes in bits", to: "/about/bytes-in-bits" },
    ],
  },
  {
    label: "Courses",
    items: [
      ...courseCatalog.map((course) => ({ label: course.label, to: `/courses/${course.pageId}` })),
      { label: "Login", to: "/login" },
    ],
  },
  {
    label: "Placement",
    items: [
      { label: "Our placements", to: "/our-placements" },
      { label: "Testimonial", to: "/about/review" },
      { label: "Our Placement Partners", to: "/industry-partnership" },
    ],
  },
  { label: "CONTACT US", to: "/contact" },
];

export function isMenu(entry: NavEntry): entry is NavMenu {
  return "items" in entry;
}
