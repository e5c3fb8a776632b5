// Hostile and malformed requests against the production build, sent byte for byte: none is
// answered 500, none puts another host into a page, and each is logged in one line at most.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { raw, statusOf } from "../support/raw-http";
import { addStaff, type SiteProcess, signIn, startSite, studentForm } from "./site-process";
import { copyPgliteTemplate } from "./template-copies";

describe("a site run without PUBLIC_URL", () => {
  let site: SiteProcess;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hostile-"));
    await copyPgliteTemplate(dataDir);
    await addStaff({ dataDir }, "admin@hostile.example", "admin");
    site = await startSite({ dataDir });
  }, 120_000);

  afterAll(async () => {
    await site?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("never puts a Host header's name into pages, the cache or the sitemap", async () => {
    for (const pathname of ["/about/events", "/", "/sitemap.xml", "/robots.txt", "/courses/iot"]) {
      const answer = await raw(
        site.port,
        `GET ${pathname} HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`,
      );
      expect(statusOf(answer.text), pathname).toBe(200);
      expect(answer.text, pathname).not.toContain("evil.example");
    }
    for (const pathname of ["/about/events", "/", "/sitemap.xml"]) {
      const page = await (await fetch(`${site.origin}${pathname}`)).text();
      expect(page, pathname).not.toContain("evil.example");
      expect(page, pathname).toContain(site.origin);
    }
  });

  it("answers unknown methods, broken hosts, broken request lines and NUL with 4xx", async () => {
    const cases = [
      "TRACE / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
      "OPTIONS /contact HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
      "PROPFIND /about/facilities HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
      "GET /about/bytes-in-bits HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n",
      "GET /about/founder-chairman HTTP/1.1\r\nHost: [::1\r\nConnection: close\r\n\r\n",
      "GET /our-placements HTTP/1.1\r\nHost: :99999\r\nConnection: close\r\n\r\n",
      "GET /industry-partnership HTTP/1.1\r\nHost: \r\nConnection: close\r\n\r\n",
      "GET http://evil.example/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
      "GET /\r\n\r\n",
      "GET /contact?q=%00 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
      "GET /admin/contactform?q=%00 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
      "GET /%E0%A4%A HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
      "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header\r\n\r\n",
    ];
    for (const bytes of cases) {
      const answer = await raw(site.port, bytes);
      const status = statusOf(answer.text);
      const line = JSON.stringify(bytes.split("\r\n")[0]);
      expect(status === 0 || status < 500, `${line} answered ${status}`).toBe(true);
      expect(answer.text, line).not.toMatch(/at \S+ \(/);
    }
    expect(statusOf((await raw(site.port, cases[0] as string)).text)).toBe(405);
    expect(statusOf((await raw(site.port, cases[9] as string)).text)).toBe(400);
    expect((await fetch(`${site.origin}/healthz`)).status).toBe(200);
  });

  it("searches the desk with a NUL typed in without a fault", async () => {
    const cookie = await signIn(site.origin, "admin@hostile.example");
    const answer = await fetch(`${site.origin}/admin/contactform?q=a%00b`, { headers: { cookie } });
    expect(answer.status).toBe(400);
    const search = await fetch(`${site.origin}/admin/contactform?q=${encodeURIComponent("a\u0001b")}`, {
      headers: { cookie },
    });
    expect(search.status).toBe(200);
  });

  it("never redirects to a path a browser reads as another host", async () => {
    for (const target of ["/\\Evil.com", "//Evil.com", "/\\/evil.com/", "/%5CEvil.com", "/\\\\Evil.com/x"]) {
      const answer = await raw(site.port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      const location = /\r\nLocation: ([^\r]*)/i.exec(answer.text)?.[1];
      if (location !== undefined) expect(location, target).toMatch(/^\/(?![\\/])/);
      expect(statusOf(answer.text), target).toBeLessThan(500);
    }
  });

  it("logs a malformed request in one line, without a stack trace", async () => {
    const before = site.output().split("\n").length;
    for (let i = 0; i < 50; i++) {
      await raw(site.port, "GET /\r\n\r\n");
      await raw(site.port, "TRACE / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    }
    const added = site.output().split("\n").slice(before);
    expect(added.length).toBeLessThanOrEqual(51);
    expect(added.join("\n")).not.toMatch(/^\s+at /m);
  });

  it("cuts off a client that never finishes its headers", async () => {
    const started = Date.now();
    const answer = await raw(site.port, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1\r\n", 25_000);
    expect(answer.closed).toBe(true);
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 30_000);
});

describe("a site behind an HTTPS proxy (PUBLIC_URL https)", () => {
  let site: SiteProcess;
  let dataDir: string;
  const publicUrl = "https://institute.example";

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hostile-proxy-"));
    await copyPgliteTemplate(dataDir);
    site = await startSite({ dataDir, env: { PUBLIC_URL: publicUrl, FORM_RATE_LIMIT: "1000/10m" } });
  }, 120_000);

  afterAll(async () => {
    await site?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("accepts a form posted from the public https origin, as the proxy forwards it over http", async () => {
    const page = await raw(site.port, "GET /contact HTTP/1.1\r\nHost: institute.example\r\nConnection: close\r\n\r\n");
    expect(page.text).toContain(`${publicUrl}/contact`);
    const body = new URLSearchParams(studentForm()).toString();
    const answer = await raw(
      site.port,
      "POST /contact HTTP/1.1\r\nHost: institute.example\r\nConnection: close\r\n" +
        `Origin: ${publicUrl}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    expect(statusOf(answer.text)).toBe(302);
    expect(answer.text).toMatch(/\r\nLocation: \/contact\?submitted/i);
  });

  it("refuses a form posted from another origin", async () => {
    const body = new URLSearchParams(studentForm()).toString();
    const answer = await raw(
      site.port,
      "POST /contact HTTP/1.1\r\nHost: institute.example\r\nConnection: close\r\n" +
        "Origin: https://evil.example\r\nContent-Type: application/x-www-form-urlencoded\r\n" +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    expect(statusOf(answer.text)).toBeGreaterThanOrEqual(400);
    expect(statusOf(answer.text)).toBeLessThan(500);
  });
});
