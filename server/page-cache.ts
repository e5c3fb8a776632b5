// Public pages change only when staff edit content, so each is rendered once,
// kept in memory with its compressed forms, and rendered again after any staff
// change (see contentVersion). Only pages without forms or personal content are
// kept: no query string, status 200, no cookies set by the page itself (the first-touch
// cookie is set per visitor before the cache and is never stored with a page).
import type { IncomingMessage, ServerResponse } from "node:http";
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
  /**
   * The cached page for this request when there is a current one: answers it (the caller has
   * set the per-response headers) and says true. Used before Express, for speed.
   */
  cachedPage(req: IncomingMessage): ((res: ServerResponse) => void) | undefined;
  clear(): void;
}

/** A cookie other than the first-touch one: the page is someone's own and must not be kept. */
function pageSetCookie(header: ReturnType<express.Response["getHeader"]>): boolean {
  const cookies = header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
  return cookies.some((cookie) => !cookie.startsWith(`${firstTouchCookieName}=`));
}

export function createPageCache(cacheablePaths: ReadonlySet<string>): PageCache {
  const pages = new Map<string, CachedPage>();

  function send(req: IncomingMessage, res: ServerResponse, page: CachedPage) {
    for (const [name, value] of page.headers) res.setHeader(name, value);
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("X-Page-Cache", "hit");
    const accepts = req.headers["accept-encoding"] ?? "";
    let body = page.body;
    if (/\bbr\b/.test(accepts)) {
      res.setHeader("Content-Encoding", "br");
      body = page.br;
    } else if (/\bgzip\b/.test(accepts)) {
      res.setHeader("Content-Encoding", "gzip");
      body = page.gzip;
    }
    res.statusCode = page.status;
    res.setHeader("Content-Length", String(body.length));
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

  function cachedPage(req: IncomingMessage) {
    if (req.method !== "GET" && req.method !== "HEAD") return undefined;
    // The exact canonical path and nothing else: no query string, no other spelling.
    const url = req.url ?? "";
    if (!cacheablePaths.has(url)) return undefined;
    const cached = pages.get(url);
    if (!cached || cached.version !== contentVersion()) return undefined;
    return (res: ServerResponse) => send(req, res, cached);
  }

  return { middleware, cachedPage, clear: () => pages.clear() };
}
