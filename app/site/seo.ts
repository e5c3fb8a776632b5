import type { MetaDescriptor } from "react-router";
import { site } from "~/config/site";

export interface PageMetaInput {
  title: string;
  description: string;
  /** Canonical path, e.g. "/about/facilities". */
  path: string;
  /** Absolute origin of the site, from the root loader (PUBLIC_URL). */
  origin: string;
  /** A raster picture for link previews (1200x630 PNG or JPEG); social sites do not show SVG. */
  image?: { src: string; width: number; height: number; alt: string };
  /** Structured data objects rendered as JSON-LD. */
  jsonLd?: object[];
  noindex?: boolean;
}

const defaultImage = {
  src: "/images/og-default.png",
  width: 1200,
  height: 630,
  alt: `${site.name}: ${site.tagline}`,
};

/** Title, description, canonical link, Open Graph and JSON-LD for one page. */
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const url = new URL(input.path, input.origin).href.replace(/\/$/, input.path === "/" ? "/" : "");
  const picture = input.image ?? defaultImage;
  const image = new URL(picture.src, input.origin).href;
  const meta: MetaDescriptor[] = [
    { title: input.title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(picture.width) },
    { property: "og:image:height", content: String(picture.height) },
    { property: "og:image:alt", content: picture.alt },
    { property: "og:locale", content: "en_IN" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  if (input.noindex) meta.push({ name: "robots", content: "noindex" });
  for (const data of input.jsonLd ?? []) meta.push({ "script:ld+json": data });
  return meta;
}

/** Reads the origin the root loader provides; falls back to the browser's. */
export function originFrom(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { origin?: string } | undefined;
  if (root?.origin) return root.origin;
  return typeof window === "undefined" ? "http://localhost:3000" : window.location.origin;
}
