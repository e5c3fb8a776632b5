// Where staff's photos show, and how each place wants them: the shape every upload is cropped
// to, the widths it is stored at (AVIF and WebP each), and the width the page gives it (`sizes`).
// A place with fixed slots (the slideshow, the founder, the facilities) has its photos replaced;
// a gallery's photos are also added and removed, and carry a caption, a date and a branch.
import type { BranchKey } from "~/site/branches";

export type PhotoPlaceId = "hero" | "founder" | "facilities" | "workshops" | "seminars" | "exhibitions";

export interface PhotoPlace {
  id: PhotoPlaceId;
  /** As the desk names it. */
  label: string;
  /** The public page it shows on. */
  page: string;
  /** Display size (and the shape uploads are cropped to). */
  width: number;
  height: number;
  /** Stored widths; the largest is the fallback. */
  widths: readonly number[];
  sizes: string;
  gallery: boolean;
}

const gallery = { page: "/about/events", width: 480, height: 320, widths: [320, 480], gallery: true } as const;
const gallerySizes = "(min-width: 64rem) 17rem, (min-width: 40rem) 45vw, 50vw";

export const photoPlaces: readonly PhotoPlace[] = [
  {
    id: "hero",
    label: "Home page slideshow",
    page: "/",
    width: 1200,
    height: 520,
    widths: [640, 1200],
    sizes: "(min-width: 64rem) 36rem, 100vw",
    gallery: false,
  },
  {
    id: "founder",
    label: "Founder's photo",
    page: "/about/founder-chairman",
    width: 480,
    height: 560,
    widths: [320, 480],
    sizes: "(min-width: 48rem) 24rem, 100vw",
    gallery: false,
  },
  {
    id: "facilities",
    label: "Facilities",
    page: "/about/facilities",
    width: 640,
    height: 400,
    widths: [320, 640],
    sizes: "(min-width: 48rem) 34rem, 100vw",
    gallery: false,
  },
  { id: "workshops", label: "Events: workshops", sizes: gallerySizes, ...gallery },
  { id: "seminars", label: "Events: technical seminars", sizes: gallerySizes, ...gallery },
  { id: "exhibitions", label: "Events: project exhibitions", sizes: gallerySizes, ...gallery },
];

export function photoPlace(id: string): PhotoPlace | undefined {
  return photoPlaces.find((place) => place.id === id);
}

/** A photo as pages show it. */
export interface PhotoView {
  id: number;
  place: PhotoPlaceId;
  /** The fallback <img> source (the drawing, or the largest WebP). */
  src: string;
  /** Uploads: srcset of each format. Drawings: the AVIF copies' when they have some (src stays the SVG). */
  avif: string | null;
  webp: string | null;
  width: number;
  height: number;
  alt: string;
  caption: string;
  /** "YYYY-MM-DD", or null when the event's date is not given. */
  eventDate: string | null;
  branch: BranchKey | null;
}
