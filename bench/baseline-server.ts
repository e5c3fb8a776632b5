// The yardstick for page throughput: a plain node:http server that answers each path with
// bytes it holds in memory (the very bytes the site sent for that path), nothing else.
// Usage: node bench/baseline-server.ts <port> <pages.json>
import { readFileSync } from "node:fs";
import http from "node:http";

interface StoredPage {
  path: string;
  contentType: string;
  contentEncoding?: string;
  body: string;
}

const [portArg, file] = process.argv.slice(2);
if (!portArg || !file) throw new Error("Usage: baseline-server.ts <port> <pages.json>");
const pages = new Map<string, { headers: Record<string, string>; body: Buffer }>();
for (const page of JSON.parse(readFileSync(file, "utf8")) as StoredPage[]) {
  const body = Buffer.from(page.body, "base64");
  const headers: Record<string, string> = { "Content-Type": page.contentType, "Content-Length": String(body.length) };
  if (page.contentEncoding) headers["Content-Encoding"] = page.contentEncoding;
  pages.set(page.path, { headers, body });
}

const server = http.createServer((req, res) => {
  const page = pages.get(req.url ?? "");
  if (!page) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, page.headers).end(page.body);
});
server.keepAliveTimeout = 5_000;
server.listen(Number(portArg), "127.0.0.1", () => console.log("ready"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
