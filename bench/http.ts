// The benchmark's HTTP client: single requests on fresh connections (bodies as sent on the
// wire), a browser's headers, the public pages the sitemap lists, and the load generator's
// requests per second and latency on one URL.
import http from "node:http";
import autocannon from "autocannon";

/** Client settings shared by the site and the baseline: same connections, same seconds. */
export const pageConnections = 8;
export const pageSeconds = 3;

/** A browser's request headers: counted as a returning visitor (first-touch cookie already set). */
export const browserHeaders = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36",
  "accept-encoding": "gzip, deflate, br",
  accept: "text/html,application/xhtml+xml",
  cookie: "first_touch=p=%2Fcourses%2Fembedded&s=google&m=cpc&c=admissions-2026",
};

/** A new visitor's request headers: the browser's user agent and encodings, no first-touch cookie. */
export const newVisitorHeaders = {
  "user-agent": browserHeaders["user-agent"],
  "accept-encoding": browserHeaders["accept-encoding"],
};

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

// A new connection per request: a kept-alive one may be closed by the server just as it is reused.
const agent = false;

/** One request, body kept as sent on the wire (not decompressed). */
export function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? "GET", headers: options.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`No answer from ${url}`)));
    req.on("error", reject);
    req.end(options.body);
  });
}

/** An answer's body as the browser reads it (decompressed). */
export function decode(answer: Answer): Buffer {
  const zlib = process.getBuiltinModule("node:zlib");
  const encoding = answer.headers["content-encoding"];
  if (encoding === "br") return zlib.brotliDecompressSync(answer.body);
  if (encoding === "gzip") return zlib.gunzipSync(answer.body);
  if (encoding === "deflate") return zlib.inflateSync(answer.body);
  return answer.body;
}

/** The paths of the public pages the sitemap lists. */
export async function publicPaths(origin: string): Promise<string[]> {
  const answer = await request(`${origin}/sitemap.xml`);
  const paths = [...answer.body.toString("utf8").matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (m) => new URL(m[1] ?? "").pathname,
  );
  if (paths.length === 0) throw new Error("The sitemap lists no pages.");
  return paths;
}

/** Answers per second on one URL, failing on any answer other than 2xx. */
export async function throughput(url: string, seconds: number): Promise<number> {
  const result = await autocannon({
    url,
    connections: pageConnections,
    duration: seconds,
    headers: browserHeaders,
  });
  const ok = result["2xx"];
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} answers other than 2xx and ${result.errors} errors`);
  }
  return ok / (result.duration || seconds);
}

export interface Latency {
  p50: number;
  p99: number;
  max: number;
  rate: number;
}

/** Latency and answers per second on one URL, failing on any answer other than 2xx. */
export async function latency(url: string, seconds: number): Promise<Latency> {
  const result = await autocannon({ url, connections: pageConnections, duration: seconds, headers: browserHeaders });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} answers other than 2xx and ${result.errors} errors`);
  }
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    rate: result["2xx"] / (result.duration || seconds),
  };
}
