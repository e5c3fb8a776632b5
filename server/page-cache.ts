// Public pages change only when staff edit content, so each is rendered once,
// kept in memory with its compressed forms, and rendered again after any staff
// change (see contentVersion). Only pages without forms or personal content are
// kept: no query string, status 200, no cookies set by the page itself (the first-touch
// cookie is set per visitor before the cache and is never stored with a page).
// Form pages are kept as templates instead (see form-template.ts): each answer gets its
// own nonce and form token.
import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type express from "express";
import { contentVersion } from "~/server/content-version.server";
import { firstTouchCookieName } from "~/server/first-touch.server";
import { createFormTemplate, type FormTemplate, fillFormTemplate } from "./form-template";

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
  cachedPage(req: IncomingMessage): ((res: ServerResponse, nonce: string) => void) | undefined;
  clear(): void;
}

/** A cookie other than the first-touch one: the page is someone's own and must not be kept. */
function pageSetCookie(header: ReturnType<express.Response["getHeader"]>): boolean {
  const cookies = header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
  return cookies.some((cookie) => !cookie.startsWith(`${firstTouchCookieName}=`));
}

interface CachedForm {
  version: number;
  headers: [string, string][];
  template: FormTemplate;
}

/** No cookie but the first-touch one: not signed in, nothing of anyone's own on the page. */
function anonymous(cookie: string | undefined): boolean {
  if (!cookie) return true;
  return cookie.split(";").every((pair) => {
    const name = pair.trim().split("=", 1)[0];
    return name === "" || name === firstTouchCookieName;
  });
}

function keptHeaders(res: express.Response): [string, string][] {
  const headers: [string, string][] = [];
  for (const name of ["content-type", "cache-control", "link"]) {
    const value = res.getHeader(name);
    if (value !== undefined) headers.push([name, String(value)]);
  }
  return headers;
}

/** Wraps res.write/res.end to see the rendered body; `done` gets it when the answer ends. */
function captureBody(res: express.Response, done: (body: Buffer) => void) {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (chunk) chunks.push(Buffer.from(chunk as Uint8Array));
    return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (chunk && typeof chunk !== "function") chunks.push(Buffer.from(chunk as Uint8Array));
    done(Buffer.concat(chunks));
    return (end as (...args: unknown[]) => express.Response)(chunk, ...rest);
  }) as typeof res.end;
}

export function createPageCache(
  cacheablePaths: ReadonlySet<string>,
  formPaths: ReadonlySet<string> = new Set(),
): PageCache {
  const pages = new Map<string, CachedPage>();
  const forms = new Map<string, CachedForm>();

  function sendForm(req: IncomingMessage, res: ServerResponse, form: CachedForm, nonce: string) {
    for (const [name, value] of form.headers) res.setHeader(name, value);
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("X-Page-Cache", "template");
    const page = fillFormTemplate(form.template, nonce);
    let body: Buffer;
    if (/\b(gzip|br)\b/.test(req.headers["accept-encoding"] ?? "")) {
      res.setHeader("Content-Encoding", "gzip");
      body = page.gzip();
    } else body = page.plain();
    res.statusCode = 200;
    res.setHeader("Content-Length", String(body.length));
    res.end(req.method === "HEAD" ? undefined : body);
  }

  function currentForm(req: IncomingMessage, url: string): CachedForm | undefined {
    if (!formPaths.has(url) || !anonymous(req.headers.cookie)) return undefined;
    const form = forms.get(url);
    return form && form.version === contentVersion() ? form : undefined;
  }

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

  const formMiddleware: express.RequestHandler = (req, res, next) => {
    if (req.originalUrl !== req.path || !anonymous(req.headers.cookie)) return next();
    const form = currentForm(req, req.path);
    if (form) return sendForm(req, res, form, String(res.locals.nonce));
    const version = contentVersion();
    const nonce = String(res.locals.nonce ?? "");
    captureBody(res, (body) => {
      const keep =
        req.method === "GET" &&
        nonce !== "" &&
        res.statusCode === 200 &&
        !pageSetCookie(res.getHeader("set-cookie")) &&
        String(res.getHeader("content-type") ?? "").startsWith("text/html");
      if (!keep) return;
      const template = createFormTemplate(body, nonce);
      if (template) forms.set(req.path, { version, headers: keptHeaders(res), template });
    });
    res.setHeader("X-Page-Cache", "miss");
    next();
  };

  const middleware: express.RequestHandler = (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (formPaths.has(req.path)) return formMiddleware(req, res, next);
    if (!cacheablePaths.has(req.path)) return next();
    if (req.originalUrl !== req.path) return next();
    const cached = pages.get(req.path);
    const version = contentVersion();
    if (cached && cached.version === version) return send(req, res, cached);

    // Capture what the renderer writes, then keep it if it is a plain public page.
    captureBody(res, (body) => {
      const cacheable =
        req.method === "GET" &&
        res.statusCode === 200 &&
        !pageSetCookie(res.getHeader("set-cookie")) &&
        String(res.getHeader("content-type") ?? "").startsWith("text/html");
      if (!cacheable) return;
      pages.set(req.path, {
        version,
        status: 200,
        headers: keptHeaders(res),
        body,
        gzip: gzipSync(body, { level: 9 }),
        br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      });
    });
    res.setHeader("X-Page-Cache", "miss");
    next();
  };

  function cachedPage(req: IncomingMessage) {
    if (req.method !== "GET" && req.method !== "HEAD") return undefined;
    // The exact canonical path and nothing else: no query string, no other spelling.
    const url = req.url ?? "";
    const form = currentForm(req, url);
    if (form) return (res: ServerResponse, nonce: string) => sendForm(req, res, form, nonce);
    if (!cacheablePaths.has(url)) return undefined;
    const cached = pages.get(url);
    if (!cached || cached.version !== contentVersion()) return undefined;
    return (res: ServerResponse) => send(req, res, cached);
  }

  return { middleware, cachedPage, clear: () => pages.clear() };
}
