// Public pages change only when staff edit content, so each is rendered once,
// kept in memory with its compressed forms, and rendered again after any staff
// change (see contentVersion). Only pages without forms or personal content are
// kept: no query string, status 200, no cookies set by the page itself (the first-touch
// cookie is set per visitor before the cache and is never stored with a page).
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type express from "express";
import { contentVersion } from "~/server/content-version.server";
import { firstTouchCookieName } from "~/server/first-touch.server";

interface CachedPage {
  version: number;
  status: number;
  headers: [string, string][];
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
}

export interface PageCache {
  /** Express middleware: answers from the cache, or lets the render through and keeps it. */
  middleware: express.RequestHandler;
  clear(): void;
}

/** A cookie other than the first-touch one: the page is someone's own and must not be kept. */
function pageSetCookie(header: ReturnType<express.Response["getHeader"]>): boolean {
  const cookies = header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
  return cookies.some((cookie) => !cookie.startsWith(`${firstTouchCookieName}=`));
}

export function createPageCache(cacheablePaths: ReadonlySet<string>): PageCache {
  const pages = new Map<string, CachedPage>();

  function send(req: express.Request, res: express.Response, page: CachedPage) {
    for (const [name, value] of page.headers) res.setHeader(name, value);
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("X-Page-Cache", "hit");
    const accepts = req.get("accept-encoding") ?? "";
    let body = page.body;
    if (/\bbr\b/.test(accepts)) {
      res.setHeader("Content-Encoding", "br");
      body = page.br;
    } else if (/\bgzip\b/.test(accepts)) {
      res.setHeader("Content-Encoding", "gzip");
      body = page.gzip;
    }
    res.status(page.status).setHeader("Content-Length", String(body.length));
    res.end(req.method === "HEAD" ? undefined : body);
  }

  const middleware: express.RequestHandler = (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !cacheablePaths.has(req.path)) return next();
    if (req.originalUrl !== req.path) return next();
    const cached = pages.get(req.path);
    const version = contentVersion();
    if (cached && cached.version === version) return send(req, res, cached);

    // Capture what the renderer writes, then keep it if it is a plain public page.
    const chunks: Buffer[] = [];
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (chunk) chunks.push(Buffer.from(chunk as Uint8Array));
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (chunk && typeof chunk !== "function") chunks.push(Buffer.from(chunk as Uint8Array));
      const cacheable =
        req.method === "GET" &&
        res.statusCode === 200 &&
        !pageSetCookie(res.getHeader("set-cookie")) &&
        String(res.getHeader("content-type") ?? "").startsWith("text/html");
      if (cacheable) {
        const body = Buffer.concat(chunks);
        const headers: [string, string][] = [];
        for (const name of ["content-type", "cache-control", "link"]) {
          const value = res.getHeader(name);
          if (value !== undefined) headers.push([name, String(value)]);
        }
        pages.set(req.path, {
          version,
          status: 200,
          headers,
          body,
          gzip: gzipSync(body, { level: 9 }),
          br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        });
      }
      return (end as (...args: unknown[]) => express.Response)(chunk, ...rest);
    }) as typeof res.end;
    res.setHeader("X-Page-Cache", "miss");
    next();
  };

  return { middleware, clear: () => pages.clear() };
}
