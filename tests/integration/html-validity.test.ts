// Every page the site serves is valid HTML by the W3C's Nu HTML Checker (vnu.jar, run with the
// machine's Java): the public pages, the not-found page, a form sent back with its errors, the
// sign-in page and the desk's pages as an administrator sees them.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicPaths } from "../../app/site/public-pages";
import { addStaff, postForm, type SiteProcess, signIn, startSite, studentForm } from "./site-process";
import { copyPgliteTemplate } from "./template-copies";

const vnuJar = path.join(path.dirname(createRequire(import.meta.url).resolve("vnu-jar")), "build/dist/vnu.jar");
// The machine's Java runs the checker (Debian's default-jre-headless; .ci/run installs it).
// vnu-jar's own install script, which would download a Java runtime, is denied in package.json.
const javaProblem = (() => {
  const probe = spawnSync("java", ["-version"], { encoding: "utf8" });
  if (probe.error || probe.status !== 0) return `no Java on the PATH (${probe.error?.message ?? probe.stderr.trim()})`;
  const major = Number(/version "(?:1\.)?(\d+)/.exec(probe.stderr)?.[1] ?? 0);
  return major >= 11 ? undefined : `Java ${major || "of an unknown version"} found, 11 or later needed`;
})();
const javaFound = !javaProblem;
const noJava = `The Nu HTML Checker needs Java 11 or later: ${javaProblem}. On Debian: apt-get install default-jre-headless.`;
if (javaProblem && !process.env.CI) console.warn(`${noJava} The HTML check is skipped.`);
const deskPaths = [
  "/admin",
  "/admin/contactform",
  "/admin/registers",
  "/admin/staff",
  "/admin/audit",
  "/admin/analytics",
  "/admin/branches",
  "/admin/photos",
  "/desk/day",
  "/desk/team",
];

interface VnuMessage {
  type: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

// Without Java (a machine with only Node) the check says it was skipped; CI has Java.
describe.skipIf(!javaFound && !process.env.CI)("the HTML of every page", () => {
  let site: SiteProcess;
  let dataDir: string;
  let pagesDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-html-"));
    await copyPgliteTemplate(dataDir);
    pagesDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-html-pages-"));
    await addStaff({ dataDir }, "admin@example.org", "admin");
    site = await startSite({ dataDir, env: { DEMO_CONTENT: "on" } });
  }, 120_000);

  afterAll(async () => {
    await site?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(pagesDir, { recursive: true, force: true });
  });

  it("has no errors by the Nu HTML Checker", async () => {
    if (javaProblem) throw new Error(noJava);
    const pages = new Map<string, string>();
    for (const pagePath of [...publicPaths, "/no-such-page"]) {
      pages.set(pagePath, await (await fetch(site.origin + pagePath)).text());
    }
    // A form sent with mistakes comes back with its messages beside the fields.
    const refused = await postForm(
      site.origin,
      "/contact",
      studentForm({ email: "asha@", mobile: "123", district: "" }),
    );
    pages.set("/contact (with mistakes)", await refused.text());
    const cookie = await signIn(site.origin, "admin@example.org");
    for (const pagePath of deskPaths) {
      pages.set(pagePath, await (await fetch(site.origin + pagePath, { headers: { cookie } })).text());
    }

    const files = [...pages].map(([pagePath, html], index) => {
      const file = path.join(pagesDir, `${index}.html`);
      fs.writeFileSync(file, html);
      return { file, pagePath };
    });
    const run = spawnSync("java", ["-jar", vnuJar, "--errors-only", "--format", "json", ...files.map((f) => f.file)], {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(run.error, "Java could not run the Nu HTML Checker").toBeUndefined();
    const report = JSON.parse(run.stderr) as { messages: VnuMessage[] };
    const messages = report.messages;
    const errors = messages
      .filter((message) => message.type === "error")
      .map((message) => {
        const page = files.find((f) => message.url.endsWith(`/${path.basename(f.file)}`))?.pagePath ?? message.url;
        return `${page}:${message.lastLine ?? "?"}: ${message.message} (${message.extract?.trim() ?? ""})`;
      });
    expect(errors).toEqual([]);
  }, 120_000);
});
