// A post the site refuses without reading it (too large, not a form) still gets its answer,
// and the connection stays usable for the next request: the server reads the unread body to
// its end after answering instead of closing the connection on it.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine } from "./databases";
import { type SiteProcess, startSite } from "./site-process";
import { copyPgliteTemplate } from "./template-copies";

function request(
  agent: http.Agent,
  url: string,
  options: { method?: string; type?: string; body?: Buffer },
): Promise<{ status: number; text: string; reusedSocket: boolean }> {
  return new Promise((resolve, reject) => {
    const sent = http.request(
      url,
      {
        agent,
        method: options.method ?? "GET",
        headers: options.type ? { "Content-Type": options.type, Origin: new URL(url).origin } : {},
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text, reusedSocket: sent.reusedSocket }));
      },
    );
    sent.on("error", reject);
    sent.end(options.body);
  });
}

describeEachEngine("posts refused unread", () => {
  let site: SiteProcess;
  let dataDir = "";

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "institute-it-bodies-"));
    await copyPgliteTemplate(dataDir);
    site = await startSite({ dataDir });
  }, 120_000);

  afterAll(async () => {
    await site?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers a 3 MB form and a 2 MB JSON body with their messages, on a connection that stays usable", async () => {
    // One connection, kept alive: every request below goes over the same socket.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const huge = Buffer.from(`name=${"x".repeat(3 * 1024 * 1024)}&consent=yes`);
      const tooLarge = await request(agent, `${site.origin}/contact`, {
        method: "POST",
        type: "application/x-www-form-urlencoded",
        body: huge,
      });
      expect(tooLarge.status).toBe(415);
      expect(tooLarge.text).toContain("Please send the form from the page");

      const json = await request(agent, `${site.origin}/online/register`, {
        method: "POST",
        type: "application/json",
        body: Buffer.from(JSON.stringify({ name: "y".repeat(2 * 1024 * 1024) })),
      });
      expect(json.status).toBe(415);
      expect(json.reusedSocket).toBe(true);

      const after = await request(agent, `${site.origin}/healthz`, {});
      expect(after.status).toBe(200);
      expect(after.reusedSocket).toBe(true);
    } finally {
      agent.destroy();
    }
  }, 60_000);
}, ["pglite"]);
