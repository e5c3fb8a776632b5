// AVIF copies of the drawings pages show as pictures (decision 017). A drawing in an <img> is an
// SVG document of its own that the page's main thread parses, styles, lays out and paints (about
// 2.5 ms each on a fast desktop core; the slideshow's seven come with the page); a copy is decoded
// off the main thread. Pages offer the copies in a <picture> with the drawing as the <img>, so a
// browser without AVIF shows the drawing itself. `npm run drawings` makes the copies from this
// list (relative imports, so that the script runs in plain Node).

import { courses } from "./content/courses.ts";
import manifest from "./content/drawing-rasters.json" with { type: "json" };
import { defaultPhotos } from "./content/photos.ts";
import { type PhotoPlaceId, photoPlace } from "./photo-places.ts";

export interface DrawingRasters {
  widths: number[];
  /** Of the SVG the copies were made from: a test finds copies older than their drawing. */
  sha256: string;
}

/** A course's drawing: up to 36rem wide on its page, a whole phone's width on a card, at up to 3 device pixels a pixel. */
const courseDrawingWidths = [640, 1280] as const;

/**
 * A default photo's widths: its place's (as staff's uploads are stored), and twice its display
 * width up to 1,280 px, so that a drawing stays as sharp as it was on a phone's screen of three
 * device pixels a pixel (the slideshow's 1,200 already is).
 */
function photoDrawingWidths(placeId: PhotoPlaceId): number[] {
  const place = photoPlace(placeId);
  if (!place) return [];
  const sharp = place.width * 2;
  return sharp <= 1280 && !place.widths.includes(sharp) ? [...place.widths, sharp] : [...place.widths];
}

/**
 * The drawings that get copies, and at which widths: every default photo (the slideshow, the
 * founder, the facilities, the events' galleries) and the courses' (on the home page's and the
 * admissions page's cards, and atop each course page).
 */
export function rasterizedDrawings(): { drawing: string; widths: readonly number[] }[] {
  return [
    ...defaultPhotos.map((photo) => ({ drawing: photo.drawing, widths: photoDrawingWidths(photo.place) })),
    ...courses.map((course) => ({ drawing: course.image.src, widths: courseDrawingWidths })),
  ];
}

const made: Record<string, DrawingRasters | undefined> = manifest;

/** "/images/hero/slide-2-640.avif" for "/images/hero/slide-2.svg" at 640. */
export function rasterPath(drawing: string, width: number): string {
  return drawing.replace(/\.svg$/, `-${width}.avif`);
}

/** The AVIF srcset of a drawing that has copies, or null. */
export function drawingAvifSrcset(drawing: string): string | null {
  const rasters = made[drawing];
  return rasters ? rasters.widths.map((width) => `${rasterPath(drawing, width)} ${width}w`).join(", ") : null;
}
