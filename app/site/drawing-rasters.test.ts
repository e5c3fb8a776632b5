import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { courses } from "~/site/content/courses";
import manifest from "~/site/content/drawing-rasters.json" with { type: "json" };
import { defaultPhotos } from "~/site/content/photos";
import { drawingAvifSrcset, rasterizedDrawings, rasterPath } from "~/site/drawing-rasters";

const publicFile = (url: string) => path.resolve("public", url.replace(/^\//, ""));
const made: Record<string, { widths: number[]; sha256: string } | undefined> = manifest;

describe("the drawings' AVIF copies", () => {
  it("are made for every default photo and every course, from the drawing as it is now (npm run drawings)", async () => {
    const listed = rasterizedDrawings();
    expect(listed.map((entry) => entry.drawing)).toEqual([
      ...defaultPhotos.map((photo) => photo.drawing),
      ...courses.map((course) => course.image.src),
    ]);
    expect(Object.keys(made).sort()).toEqual(listed.map((entry) => entry.drawing).sort());
    for (const { drawing, widths } of listed) {
      const svg = readFileSync(publicFile(drawing));
      const recorded = made[drawing];
      expect(recorded?.sha256, `${drawing} changed since its copies were made: npm run drawings`).toBe(
        createHash("sha256").update(svg).digest("hex"),
      );
      expect(recorded?.widths).toEqual([...widths]);
      const drawn = await sharp(svg).metadata();
      // Sharp on a phone of three device pixels a pixel, as the vector was.
      expect(Math.max(...widths), drawing).toBeGreaterThanOrEqual(Math.min(1200, 2 * (drawn.width ?? 0)));
      for (const width of widths) {
        const file = publicFile(rasterPath(drawing, width));
        expect(existsSync(file), file).toBe(true);
        const copy = await sharp(file).metadata();
        expect(copy.format, file).toBe("heif");
        expect(copy.compression, file).toBe("av1");
        expect(copy.width, file).toBe(width);
        // The drawing's shape, to the pixel.
        expect(Math.abs((copy.height ?? 0) - (width * (drawn.height ?? 0)) / (drawn.width ?? 1)), file).toBeLessThan(1);
      }
    }
  });

  it("are offered as a srcset by width; a drawing without copies has none", () => {
    expect(drawingAvifSrcset("/images/hero/slide-2.svg")).toBe(
      "/images/hero/slide-2-640.avif 640w, /images/hero/slide-2-1200.avif 1200w",
    );
    expect(drawingAvifSrcset("/images/about/two-centres.svg")).toBeNull();
  });
});
