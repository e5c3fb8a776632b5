// Public pages: requests per second on every page of the sitemap against a plain node:http
// server answering the very bytes the site sent (bench/baseline-server.ts), and what a first
// visit of each page downloads.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { log, watchMemory } from "./figures.ts";
import { browserHeaders, decode, pageSeconds, publicPaths, request, throughput } from "./http.ts";
import { stopProcess, tempDir, track } from "./processes.ts";
import { appPort, host, root } from "./site.ts";

const baselinePort = appPort + 1;

export interface PageResult {
  path: string;
  site: number;
  baseline: number;
  ratio: number;
  htmlBytes: number;
  jsBytes: number;
  cssBytes: number;
  totalBytes: number;
  files: number;
}

/** What a first visit downloads: the HTML and each script, stylesheet, image and font it names. */
export async function firstVisitBytes(
  origin: string,
  pagePath: string,
  sizes: Map<string, Promise<number>>,
  cookie?: string,
) {
  const headers: Record<string, string> = {
    "accept-encoding": browserHeaders["accept-encoding"],
    "user-agent": browserHeaders["user-agent"],
  };
  if (cookie) headers.cookie = cookie;
  const size = (url: string) => {
    let known = sizes.get(url);
    if (!known) {
      known = request(url, { headers }).then((answer) => (answer.status === 200 ? answer.body.length : 0));
      sizes.set(url, known);
    }
    return known;
  };
  const page = await request(`${origin}${pagePath}`, { headers });
  const html = decode(page).toString("utf8");
  const scripts = new Set<string>();
  const others = new Set<string>();
  const stylesheets = new Set<string>();
  const resolve = (ref: string, base: string) => new URL(ref.replaceAll("&amp;", "&"), base).toString();
  const base = `${origin}${pagePath}`;
  for (const tag of html.matchAll(/<(script|link|img|source)\b[^>]*>/g)) {
    const text = tag[0];
    const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(text)?.[1];
    const kind = tag[1];
    if (kind === "script" && attr("src")) scripts.add(resolve(attr("src") as string, base));
    if (kind === "link") {
      const rel = attr("rel") ?? "";
      const href = attr("href");
      if (!href) continue;
      if (rel === "modulepreload" || (rel === "preload" && attr("as") === "script")) scripts.add(resolve(href, base));
      else if (rel === "stylesheet") stylesheets.add(resolve(href, base));
      else if (rel === "preload") others.add(resolve(href, base));
      // A browser fetches one icon: the SVG one when offered, which is listed last here.
      else if (rel === "icon" && attr("type") === "image/svg+xml") others.add(resolve(href, base));
    }
    if (kind === "img" && attr("src")) others.add(resolve(attr("src") as string, base));
  }
  // An inline file (a data: URL) is part of the HTML's bytes: nothing more is fetched for it.
  for (const set of [scripts, stylesheets, others]) {
    for (const url of set) if (url.startsWith("data:")) set.delete(url);
  }
  for (const sheet of stylesheets) {
    const css = decode(await request(sheet, { headers })).toString("utf8");
    for (const m of css.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)) {
      const ref = m[1] ?? "";
      if (!ref.startsWith("data:")) others.add(resolve(ref, sheet));
    }
  }
  const jsBytes = (await Promise.all([...scripts].map(size))).reduce((a, b) => a + b, 0);
  const cssBytes = (await Promise.all([...stylesheets].map(size))).reduce((a, b) => a + b, 0);
  const rest = (await Promise.all([...others].map(size))).reduce((a, b) => a + b, cssBytes);
  return {
    htmlBytes: page.body.length,
    jsBytes,
    cssBytes,
    totalBytes: page.body.length + jsBytes + rest,
    files: 1 + scripts.size + stylesheets.size + others.size,
  };
}

export async function benchPages(origin: string, sitePid: number | undefined) {
  const paths = await publicPaths(origin);
  const dir = tempDir("bench-baseline-");
  const stored = [];
  for (const pagePath of paths) {
    const answer = await request(`${origin}${pagePath}`, { headers: browserHeaders });
    if (answer.status !== 200) throw new Error(`${pagePath} answered ${answer.status}`);
    stored.push({
      path: pagePath,
      contentType: String(answer.headers["content-type"]),
      contentEncoding: answer.headers["content-encoding"],
      body: answer.body.toString("base64"),
    });
  }
  const pagesFile = path.join(dir, "pages.json");
  writeFileSync(pagesFile, JSON.stringify(stored));
  const baseline = track(
    spawn(process.execPath, ["bench/baseline-server.ts", String(baselinePort), pagesFile], {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
    }),
  );
  await new Promise<void>((resolve, reject) => {
    baseline.stdout?.once("data", () => resolve());
    baseline.once("exit", () => reject(new Error(`The baseline server stopped (is port ${baselinePort} in use?)`)));
  });

  const results: PageResult[] = [];
  const sizes = new Map<string, Promise<number>>();
  const peak = watchMemory(sitePid);
  try {
    // Warm both servers up (JIT, caches) before anything is counted.
    for (const pagePath of paths) {
      await throughput(`${origin}${pagePath}`, 0.3);
      await throughput(`http://${host}:${baselinePort}${pagePath}`, 0.3);
    }
    for (const pagePath of paths) {
      const site = await throughput(`${origin}${pagePath}`, pageSeconds);
      const base = await throughput(`http://${host}:${baselinePort}${pagePath}`, pageSeconds);
      const bytes = await firstVisitBytes(origin, pagePath, sizes);
      results.push({ path: pagePath, site, baseline: base, ratio: site / base, ...bytes });
      log(`${pagePath}: ${Math.round(site)}/s against ${Math.round(base)}/s (${(site / base).toFixed(2)})`);
    }
  } finally {
    await stopProcess(baseline);
  }
  return { pages: results, peakMemory: peak() };
}
