// `npm run drawings`: the AVIF copies of the drawings that pages show as pictures (decision 017).
// A drawing in an <img> is an SVG document of its own, parsed, styled, laid out and painted on
// the page's main thread; an AVIF copy is decoded off it. Each drawing listed in
// app/site/drawing-rasters.ts is drawn at each of its widths straight from the vector (not
// scaled from a bitmap) into public/images/.../<name>-<width>.avif, and
// app/site/content/drawing-rasters.json records the widths and the SVG's SHA-256, which a test
// compares with the SVG files: run this again after changing a drawing.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { type DrawingRasters, rasterizedDrawings, rasterPath } from "../app/site/drawing-rasters.ts";

/**
 * Flat colours and clean edges: at this quality, with colour sampled at half the resolution
 * (4:2:0, some 15% smaller than full), the copies cannot be told from the vector at their width.
 */
const avif = { quality: 50, effort: 6, chromaSubsampling: "4:2:0" } as const;
const manifestFile = path.resolve("app/site/content/drawing-rasters.json");

const manifest: Record<string, DrawingRasters> = {};
for (const { drawing, widths } of rasterizedDrawings()) {
  const source = path.resolve("public", drawing.replace(/^\//, ""));
  const svg = readFileSync(source);
  const { width: ownWidth } = await sharp(svg).metadata();
  if (!ownWidth) throw new Error(`${drawing}: no width`);
  for (const width of widths) {
    // Rendered at the width wanted (the density scales the vector), then cut to it exactly.
    const out = path.resolve("public", rasterPath(drawing, width).replace(/^\//, ""));
    const { size, height } = await sharp(svg, { density: (72 * width) / ownWidth })
      .resize({ width })
      .avif(avif)
      .toFile(out);
    console.log(`${path.relative(process.cwd(), out)}: ${width} × ${height}, ${(size / 1024).toFixed(1)} KB`);
  }
  manifest[drawing] = { widths: [...widths], sha256: createHash("sha256").update(svg).digest("hex") };
}
// Written as the formatter (biome) lays it out, so that a new run leaves the lint clean.
const entries = Object.entries(manifest).map(
  ([drawing, { widths, sha256 }]) =>
    `  ${JSON.stringify(drawing)}: {\n    "widths": [${widths.join(", ")}],\n    "sha256": "${sha256}"\n  }`,
);
writeFileSync(manifestFile, `{\n${entries.join(",\n")}\n}\n`);
console.log(`Written ${path.relative(process.cwd(), manifestFile)}`);
