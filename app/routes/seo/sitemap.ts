import { publicOrigin } from "~/platform/env.server";
import { publicPaths } from "~/site/public-pages";
import type { Route } from "./+types/sitemap";

export function loader({ request }: Route.LoaderArgs) {
  const origin = publicOrigin(request);
  const urls = publicPaths.map((path) => `  <url><loc>${origin}${path}</loc></url>`).join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
