// What a student downloads is the public site's stylesheet only: the desk's rules and its
// utilities load on desk pages (app/desk.css), never on public ones. Form pages carry one script,
// written into the page, that fetches nothing else before it runs (decision 017).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { publicPaths } from "../../app/site/public-pages";
import { addStaff, type SiteProcess, signIn, startSite } from "./site-process";
import { copyPgliteTemplate } from "./template-copies";

let site: SiteProcess;
let dataDir: string;
let cookie: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "stylesheets-"));
  await copyPgliteTemplate(dataDir);
  await addStaff({ dataDir }, "admin@stylesheets.example", "admin");
  site = await startSite({ dataDir });
  cookie = await signIn(site.origin, "admin@stylesheets.example");
}, 120_000);

afterAll(async () => {
  await site?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function stylesheetsOf(pathname: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${site.origin}${pathname}`, { headers });
  expect(response.status, pathname).toBe(200);
  const html = await response.text();
  const hrefs = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1] as string);
  const sheets = await Promise.all(
    hrefs.map(async (href) => ({ href, css: await (await fetch(`${site.origin}${href}`)).text() })),
  );
  return sheets;
}

it("gives public pages and forms one stylesheet without the desk's rules", async () => {
  const hrefs = new Set<string>();
  for (const pathname of [...publicPaths, "/contact", "/online/register", "/login", "/privacy/withdraw"]) {
    const sheets = await stylesheetsOf(pathname);
    expect(sheets, pathname).toHaveLength(1);
    const css = sheets[0]?.css ?? "";
    expect(css, pathname).toContain(".site-header");
    expect(css, pathname).toContain(".form-card");
    expect(css, pathname).not.toMatch(/\.desk(-[a-z-]+)?\s*[{,:]/);
    hrefs.add(sheets[0]?.href ?? "");
  }
  expect(hrefs.size).toBe(1);
});

it("adds the desk's stylesheet on desk pages", async () => {
  for (const pathname of ["/admin", "/admin/contactform", "/admin/analytics", "/admin/courses/iot"]) {
    const sheets = await stylesheetsOf(pathname, { cookie });
    expect(sheets.length, pathname).toBe(2);
    const desk = sheets.map((sheet) => sheet.css).join("\n");
    expect(desk, pathname).toContain(".desk-menu");
    expect(desk, pathname).toContain(".desk-form");
  }
});

it("gives form pages one script in the page that imports nothing before the student touches the form", async () => {
  for (const pathname of ["/contact", "/online/register", "/login"]) {
    const html = await (await fetch(`${site.origin}${pathname}`)).text();
    // No script file to fetch before the first paint: the script is in the page.
    expect([...html.matchAll(/<script[^>]*\ssrc=/g)], pathname).toHaveLength(0);
    const scripts = [...html.matchAll(/<script type="module"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] as string);
    expect(scripts, pathname).toHaveLength(1);
    const code = scripts[0] ?? "";
    // A static import would be downloaded before the script runs, one round trip after another.
    expect(code, pathname).not.toMatch(/(^|[;}\s])import\s*[{*\w]|(^|[;}\s])export\s/);
    // The rules load on the first touch, from where the build put them (a path relative to the page would miss).
    const imports = [...code.matchAll(/\bimport\((["'`])([^"'`]+)\1\)/g)].map((m) => m[2] as string);
    expect(imports.length, pathname).toBeGreaterThan(0);
    for (const file of imports) {
      expect(file, pathname).toMatch(/^\/assets\//);
      expect((await fetch(`${site.origin}${file}`)).status, file).toBe(200);
    }
  }
});
