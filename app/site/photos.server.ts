// Staff's photos (site_photos): read by the public pages (kept in memory until content
// changes), written by the desk (photos-editing.server.ts). Each write announces the one page
// that shows the photo's place once it has committed (decision 014).
import { and, asc, eq, sql } from "drizzle-orm";
import { afterCommit, contentChanged, contentVersion } from "~/platform/content-version.server";
import type { AppDatabase, Database } from "~/platform/database.server";
import { isBranchKey } from "~/site/branches";
import { defaultPhotos } from "~/site/content/photos";
import { drawingAvifSrcset } from "~/site/drawing-rasters";
import { type PhotoPlaceId, type PhotoView, photoPlace } from "~/site/photo-places";
import { pagesShowing } from "~/site/public-pages";
import { sitePhotos } from "../../db/schema";

export type PhotoRow = typeof sitePhotos.$inferSelect;

const announce = (place: string) => contentChanged(pagesShowing.photos[place] ?? []);

export function photoView(row: PhotoRow): PhotoView {
  const place = photoPlace(row.place);
  const widths = place?.widths ?? [];
  const largest = Math.max(...widths);
  const base = row.imageKey ? `/uploads/${row.imageKey}` : null;
  const srcset = (ext: string) => (base ? widths.map((w) => `${base}-${w}.${ext} ${w}w`).join(", ") : null);
  return {
    id: row.id,
    place: row.place as PhotoPlaceId,
    src: base ? `${base}-${largest}.webp` : (row.drawing ?? ""),
    // A drawing with AVIF copies offers them (decoded off the page's main thread), itself the fallback.
    avif: base ? srcset("avif") : row.drawing ? drawingAvifSrcset(row.drawing) : null,
    webp: srcset("webp"),
    width: place?.width ?? 0,
    height: place?.height ?? 0,
    alt: row.alt,
    caption: row.caption,
    eventDate: row.eventDate,
    branch: isBranchKey(row.branch) ? row.branch : null,
  };
}

const cache = new WeakMap<AppDatabase, { version: number; photos: Promise<PhotoView[]> }>();

/** Every photo, by place and position: read once per content version. */
async function allPhotos(db: AppDatabase): Promise<PhotoView[]> {
  const cached = cache.get(db);
  if (cached && cached.version === contentVersion()) return cached.photos;
  const loaded = db
    .select()
    .from(sitePhotos)
    .orderBy(asc(sitePhotos.place), asc(sitePhotos.position), asc(sitePhotos.id))
    .then((rows) => rows.map(photoView));
  cache.set(db, { version: contentVersion(), photos: loaded });
  loaded.catch(() => cache.delete(db));
  return loaded;
}

/** The photos of one place, in the order the page shows them. */
export async function photosOf(db: AppDatabase, place: PhotoPlaceId): Promise<PhotoView[]> {
  return (await allPhotos(db)).filter((photo) => photo.place === place);
}

export async function getPhoto(db: AppDatabase, id: number): Promise<PhotoRow | undefined> {
  const [row] = await db.select().from(sitePhotos).where(eq(sitePhotos.id, id));
  return row;
}

export interface PhotoDetails {
  alt: string;
  caption: string;
  eventDate: string | null;
  branch: string | null;
}

/** Adds a gallery photo after the place's last one. */
export async function addPhoto(
  db: AppDatabase,
  place: PhotoPlaceId,
  imageKey: string,
  details: PhotoDetails,
  by: string,
): Promise<PhotoRow> {
  const [row] = await db
    .insert(sitePhotos)
    .values({
      place,
      position: sql`(select coalesce(max(${sitePhotos.position}), 0) + 1 from ${sitePhotos} where ${sitePhotos.place} = ${place})`,
      imageKey,
      ...details,
      updatedBy: by,
    })
    .returning();
  if (!row) throw new Error("The photo was not stored.");
  announce(place);
  return row;
}

/** Changes a photo's words and, given a new upload, its picture (the drawing is then gone). */
export async function updatePhoto(
  db: AppDatabase,
  id: number,
  changes: PhotoDetails & { imageKey?: string },
  by: string,
): Promise<PhotoRow | undefined> {
  const { imageKey, ...details } = changes;
  const [row] = await db
    .update(sitePhotos)
    .set({ ...details, ...(imageKey ? { imageKey, drawing: null } : {}), updatedAt: new Date(), updatedBy: by })
    .where(eq(sitePhotos.id, id))
    .returning();
  if (row) announce(row.place);
  return row;
}

/** Any fixed number: names the advisory lock that keeps processes starting together from adding them twice. */
const defaultsLockKey = 7_311_044;

/**
 * Gives a database without any photo the drawings, on the server's start (a database always
 * has photos afterwards: the slideshow, founder and facilities slots are never removed). Not a
 * migration: a restore or migrate-to-postgres needs an empty new database. Returns whether it added.
 */
export async function addDefaultPhotos(database: Database): Promise<boolean> {
  const { db } = database;
  const [any] = await db.select({ id: sitePhotos.id }).from(sitePhotos).limit(1);
  if (any) return false;
  return afterCommit(() =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${defaultsLockKey})`);
      const [again] = await tx.select({ id: sitePhotos.id }).from(sitePhotos).limit(1);
      if (again) return false;
      await tx.insert(sitePhotos).values(defaultPhotos.map((photo) => ({ ...photo, updatedBy: "defaults" })));
      contentChanged([...new Set(Object.values(pagesShowing.photos).flat())]);
      return true;
    }),
  );
}

/** Removes a gallery photo (fixed slots are replaced, never removed); the caller deletes its files. */
export async function removePhoto(db: AppDatabase, id: number, place: PhotoPlaceId): Promise<PhotoRow | undefined> {
  const [row] = await db
    .delete(sitePhotos)
    .where(and(eq(sitePhotos.id, id), eq(sitePhotos.place, place)))
    .returning();
  if (row) announce(row.place);
  return row;
}
