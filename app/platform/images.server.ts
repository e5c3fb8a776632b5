// Staff uploads: images only, checked by decoding (not by name or type header), at most
// 5 MB, re-encoded to AVIF and WebP at the widths pages use. Re-encoding also drops
// metadata (GPS positions in phone photos) and anything hidden in the file.
import { randomBytes } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Metadata } from "sharp";
import { maxUploadMegabytes } from "~/platform/upload-limits";

export { readLimitedForm } from "./form-data.server";

export const maxUploadBytes = maxUploadMegabytes * 1024 * 1024;
const acceptedFormats = new Set(["jpeg", "png", "webp", "avif", "gif", "heif", "tiff"]);
/** Guards against decompression bombs: a 5 MB file may claim enormous dimensions. */
const maxInputPixels = 50_000_000;

let sharpLoaded: Promise<typeof import("sharp").default> | undefined;

/**
 * sharp (libvips) is loaded by the first image and not at start-up: it is some 20 MB of a
 * process that seldom needs it (decision 016). Its operation cache is off: each upload is
 * encoded once, and a cache would keep decoded images in memory for nothing.
 */
export function loadSharp(): Promise<typeof import("sharp").default> {
  sharpLoaded ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return sharpLoaded;
}

export class UploadRefused extends Error {}

export const uploadRefusals = {
  notImage: "That file is not an image we can use. Please upload a JPEG, PNG, WebP or AVIF photo.",
  tooLarge: `That image is larger than ${maxUploadMegabytes} MB. Please upload a smaller one.`,
  empty: "Please choose an image to upload.",
};

export interface StoredImage {
  /** Key under the uploads folder: files are <key>-<width>.<avif|webp>. */
  key: string;
  width: number;
  height: number;
}

/**
 * Decodes, crops (when `aspect` is given) and stores an upload at each width.
 * Throws UploadRefused with a message for the page.
 */
export async function storeImage(
  file: File,
  options: {
    uploadsDir: string;
    folder: string;
    slug: string;
    widths: readonly number[];
    aspect?: number;
    /** "cover" crops to the aspect (photos); "contain" fits inside it on white (logos). */
    fit?: "cover" | "contain";
  },
): Promise<StoredImage> {
  if (file.size === 0) throw new UploadRefused(uploadRefusals.empty);
  if (file.size > maxUploadBytes) throw new UploadRefused(uploadRefusals.tooLarge);
  const input = Buffer.from(await file.arrayBuffer());
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: maxInputPixels }).metadata();
  } catch {
    throw new UploadRefused(uploadRefusals.notImage);
  }
  if (!metadata.format || !acceptedFormats.has(metadata.format) || !metadata.width || !metadata.height) {
    throw new UploadRefused(uploadRefusals.notImage);
  }
  const key = `${options.folder}/${safeSlug(options.slug)}-${randomBytes(4).toString("hex")}`;
  const folder = path.join(options.uploadsDir, options.folder);
  await mkdir(folder, { recursive: true });
  const largest = Math.max(...options.widths);
  const height = options.aspect
    ? Math.round(largest / options.aspect)
    : Math.round((largest * metadata.height) / metadata.width);
  try {
    for (const width of options.widths) {
      const pipeline = sharp(input, { limitInputPixels: maxInputPixels })
        .rotate()
        .resize(
          options.aspect
            ? options.fit === "contain"
              ? { width, height: Math.round(width / options.aspect), fit: "contain", background: "#ffffff" }
              : { width, height: Math.round(width / options.aspect), fit: "cover", position: "attention" }
            : { width, withoutEnlargement: true },
        );
      const base = path.join(options.uploadsDir, `${key}-${width}`);
      await writeFile(`${base}.avif`, await pipeline.clone().avif({ quality: 55 }).toBuffer());
      await writeFile(`${base}.webp`, await pipeline.clone().webp({ quality: 78 }).toBuffer());
    }
  } catch {
    await removeImage(options.uploadsDir, key, options.widths);
    throw new UploadRefused(uploadRefusals.notImage);
  }
  return { key, width: largest, height };
}

export async function removeImage(uploadsDir: string, key: string, widths: readonly number[]): Promise<void> {
  // Keys come from the database, but never let one step outside the uploads folder.
  const resolved = path.resolve(uploadsDir, key);
  if (!resolved.startsWith(path.resolve(uploadsDir) + path.sep)) return;
  await Promise.all(
    widths.flatMap((w) => ["avif", "webp"].map((ext) => rm(`${resolved}-${w}.${ext}`, { force: true }))),
  );
}

function safeSlug(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40) || "image"
  );
}
