// Public pages change only when staff edit content, so each is rendered once,
// kept in memory with its compressed forms, and rendered again after any staff
// change (see contentVersion). Only pages without forms or personal content are
// kept: no query string, status 200, no cookies set by the page itself (the first-touch
// cookie is set per visitor before the cache and is never stored with a page).
// Form pages are kept as templates instead (see form-template.ts): each answer gets its
// own nonce and form token. Express renders and fills the cache; the server answers from
// it before Express (SiteApp.serveCached in app.ts).
import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type express from "express";
import { firstTouchCookieName } from "../app/admissions/first-touch.server";
import { contentVersion } from "../app/platform/content-version.server";
import { createFormTemplate, type FormTemplate, fillFormTemplate } from "./form-template";

interface CachedPage {
  version: number;
  headers: [string, string][];
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
}

export interface PageCache {
  /** Express middleware: lets the render through and keeps it when it may be kept. */
  middleware: express.RequestHandler;
  /**
   * The cached page for this request when there is a current one, as a function that answers
   * it (the caller has set the per-response headers). The server asks this before Express.
   */
  cachedPage(req: IncomingMessage): ((res: ServerResponse, nonce: string) => void) | undefined;
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

  function answer(req: IncomingMessage, res: ServerResponse, body: Buffer, encoding?: string) {
    res.setHeader("Vary", "Accept-Encoding");
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.statusCode = 200;
    res.setHeader("Content-Length", String(body.length));
    res.end(req.method === "HEAD" ? undefined : body);
  }

  function sendPage(req: IncomingMessage, res: ServerResponse, page: CachedPage) {
    for (const [name, value] of page.headers) res.setHeader(name, value);
    res.setHeader("X-Page-Cache", "hit");
    const accepts = req.headers["accept-encoding"] ?? "";
    if (/\bbr\b/.test(accepts)) answer(req, res, page.br, "br");
    else if (/\bgzip\b/.test(accepts)) answer(req, res, page.gzip, "gzip");
    else answer(req, res, page.body);
  }

  function sendForm(req: IncomingMessage, res: ServerResponse, form: CachedForm, nonce: string) {
    for (const [name, value] of form.headers) res.setHeader(name, value);
    res.setHeader("X-Page-Cache", "template");
    const page = fillFormTemplate(form.template, nonce);
    if (/\b(gzip|br)\b/.test(req.headers["accept-encoding"] ?? "")) answer(req, res, page.gzip(), "gzip");
    else answer(req, res, page.plain());
  }

  // Renders that may be kept: a GET of the exact canonical path (no query string), and for a
  // form page a visitor who is not signed in. What the render answers decides the rest.
  const middleware: express.RequestHandler = (req, res, next) => {
    if (req.method !== "GET" || req.originalUrl !== req.path) return next();
    const form = formPaths.has(req.path);
    if (!form && !cacheablePaths.has(req.path)) return next();
    if (form && !anonymous(req.headers.cookie)) return next();
    const version = contentVersion();
    const nonce = String(res.locals.nonce ?? "");
    captureBody(res, (body) => {
      const keep =
        res.statusCode === 200 &&
        !pageSetCookie(res.getHeader("set-cookie")) &&
        String(res.getHeader("content-type") ?? "").startsWith("text/html");
      if (!keep) return;
      const headers = keptHeaders(res);
      if (form) {
        const template = createFormTemplate(body, nonce);
        if (template) forms.set(req.path, { version, headers, template });
        return;
      }
      pages.set(req.path, {
        version,
        headers,
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
    const version = contentVersion();
    if (formPaths.has(url)) {
      const form = forms.get(url);
      if (!form || form.version !== version || !anonymous(req.headers.cookie)) return undefined;
      return (res: ServerResponse, nonce: string) => sendForm(req, res, form, nonce);
    }
    const page = pages.get(url);
    if (!page || page.version !== version) return undefined;
    return (res: ServerResponse) => sendPage(req, res, page);
  }

  return { middleware, cachedPage };
}
