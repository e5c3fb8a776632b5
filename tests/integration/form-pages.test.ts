// Form pages are answered from a template rendered once: every visitor still gets a page of
// their own (a fresh nonce matching the security policy, a fresh form token), the compressed
// page is valid, a content change renders it again, and signed-in staff get a real render.
import fs from "node:fs";
import { request } from "node:http";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addStaff, postForm, type SiteProcess, signIn, startSite, studentForm } from "./site-process";
import { copyPgliteTemplate } from "./template-copies";

let site: SiteProcess;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "form-pages-"));
  await copyPgliteTemplate(dataDir);
  await addStaff({ dataDir }, "admin@form-pages.example", "admin");
  site = await startSite({ dataDir, env: { FORM_RATE_LIMIT: "1000/10m" } });
}, 120_000);

afterAll(async () => {
  await site?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A GET with the raw body as sent (no decoding by the client). */
function get(pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      request(`${site.origin}${pathname}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
        .on("error", reject)
        .end();
    },
  );
}

function pageOf(answer: Awaited<ReturnType<typeof get>>) {
  const encoding = answer.headers["content-encoding"];
  const html = (
    encoding === "gzip" ? gunzipSync(answer.body) : encoding === "br" ? brotliDecompressSync(answer.body) : answer.body
  ).toString();
  const policyNonce = /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))?.[1];
  const pageNonces = new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));
  const token = /name="token" value="([0-9a-f-]{36})"/.exec(html)?.[1];
  return { html, policyNonce, pageNonces, token, cache: answer.headers["x-page-cache"] };
}

it("gives every visitor their own nonce and form token, in a valid compressed page", async () => {
  for (const pathname of ["/contact", "/online/register"]) {
    const seen: ReturnType<typeof pageOf>[] = [];
    for (let i = 0; i < 3; i++) {
      seen.push(pageOf(await get(pathname, { "Accept-Encoding": "gzip, deflate, br" })));
    }
    expect(seen.map((page) => page.cache)).toEqual(["miss", "template", "template"]);
    for (const page of seen) {
      expect(page.html).toContain("</html>");
      expect(page.pageNonces).toEqual(new Set([page.policyNonce]));
      expect(page.token).toBeDefined();
    }
    expect(new Set(seen.map((page) => page.token)).size).toBe(3);
    expect(new Set(seen.map((page) => page.policyNonce)).size).toBe(3);
    // The same page as a first render, but for the two values.
    const shape = (page: (typeof seen)[number] | undefined) =>
      (page?.html ?? "").replaceAll(page?.token ?? "-", "TOKEN").replaceAll(page?.policyNonce ?? "-", "NONCE");
    expect(shape(seen[2])).toBe(shape(seen[0]));

    // A client that takes no compression gets the same page as text.
    const plain = await get(pathname);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(shape(pageOf(plain))).toBe(shape(seen[0]));
  }
});

it("stores one entry per page a student loaded, each with its own token", async () => {
  const tokens: (string | undefined)[] = [];
  for (let i = 0; i < 2; i++) tokens.push(pageOf(await get("/contact", { "Accept-Encoding": "gzip" })).token);
  for (const [i, token] of tokens.entries()) {
    const answer = await postForm(
      site.origin,
      "/contact",
      studentForm({ token: token as string, email: `template.${i}@example.com` }),
    );
    expect(answer.status).toBe(302);
  }
  // The same page sent twice (a double click) is one entry.
  const again = await postForm(
    site.origin,
    "/contact",
    studentForm({ token: tokens[0] as string, email: "template.0@example.com" }),
  );
  expect(again.status).toBe(302);

  const cookie = await signIn(site.origin, "admin@form-pages.example");
  const desk = await (
    await fetch(`${site.origin}/admin/contactform?range=all&q=template.`, { headers: { cookie } })
  ).text();
  expect(desk).toContain("template.0@example.com");
  expect(desk).toContain("template.1@example.com");
  expect(desk.replaceAll("<!-- -->", "")).toMatch(/2 entries · All time/);
});

it("tells browsers and caches to keep no copy of a form page, rendered or from the template", async () => {
  // A copy shown again by Back or by a cache would carry a token that was already used.
  for (const pathname of ["/contact", "/online/register", "/login"]) {
    const answers = [await get(pathname, { "Accept-Encoding": "gzip" }), await get(pathname)];
    expect(answers.map((answer) => answer.headers["x-page-cache"])).toEqual([
      expect.stringMatching(/^(miss|template)$/),
      "template",
    ]);
    for (const answer of answers) expect(answer.headers["cache-control"]).toBe("no-store");
  }
  const staffView = await get("/contact", { Cookie: await signIn(site.origin, "admin@form-pages.example") });
  expect(staffView.headers["cache-control"]).toBe("no-store");
  // A form sent back with its messages is a form page too.
  const refused = await postForm(site.origin, "/contact", studentForm({ email: "not an address" }));
  expect(refused.status).toBe(400);
  expect(refused.headers.get("cache-control")).toBe("no-store");
  // Pages without a form may still be kept.
  expect((await get("/about/facilities")).headers["cache-control"]).not.toBe("no-store");
});

it("renders the page again for signed-in staff, and keeps the template through a change it does not show", async () => {
  const cookie = await signIn(site.origin, "admin@form-pages.example");
  const staffView = await get("/contact", { Cookie: cookie, "Accept-Encoding": "gzip" });
  expect(staffView.headers["x-page-cache"]).not.toBe("template");

  const before = pageOf(await get("/online/register", { "Accept-Encoding": "gzip" }));
  expect(before.cache).toBe("template");
  const saved = await postForm(
    site.origin,
    "/admin/courses/matlab",
    { intent: "start-date", startDate: "17 March 2031" },
    { Cookie: cookie },
  );
  expect(await saved.text()).toContain("Start date saved: 17 March 2031.");
  // The form page shows no start date (only the notice after sending, which is never cached).
  const after = pageOf(await get("/online/register", { "Accept-Encoding": "gzip" }));
  expect(after.cache).toBe("template");
});
