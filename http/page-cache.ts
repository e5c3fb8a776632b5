// Public pages change only when staff edit content, so each is rendered once, kept in memory
// with its compressed forms, and rendered again when a change to what it shows is announced
// (see pageVersion: the module that changed the content names the pages). Only pages without
// forms or personal content are kept: no query string, status 200, no cookies set by the page
// itself (the first-touch cookie is set per visitor before the cache and is never stored with a
// page). Form pages are kept as templates instead (see form-template.ts): each answer gets its
// own nonce and form token. Express renders and fills the cache; the server answers from it
// before Express (SiteApp.serveCached in app.ts).
//
// A page that is not cached is rendered once however many ask for it at the same moment: the
// first request renders, the others wait for that render and are answered from it. Compressing
// (Brotli at quality 11 takes 25-30 ms a page) runs on libuv's thread pool, never on the event
// loop, so a refill does not hold up other requests.
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type express from "express";
import { firstTouchCookieName } from "../app/admissions/submissions/first-touch.server";
import { onContentChange, pageVersion } from "../app/platform/content-version.server";
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

/** A render under way that other requests for the same page wait for. */
interface Refill {
  version: number;
  /** The page as it will be cached, or undefined when the render may not be kept. */
  done: Promise<CachedPage | CachedForm | undefined>;
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Brotli at its best quality, with a window just large enough for the page: the default window
 * (4 MB) makes the encoder allocate far more than a 40 KB page needs, and the thread-pool
 * threads keep that memory after the page is done (about 10 MB of the process measured,
 * decision 016). The output is the same size.
 */
function brotliParams(bytes: number) {
  const windowBits = Math.min(24, Math.max(16, Math.ceil(Math.log2(bytes + 1))));
  return {
    [constants.BROTLI_PARAM_QUALITY]: 11,
    [constants.BROTLI_PARAM_LGWIN]: windowBits,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
  };
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
  const refills = new Map<string, Refill>();

  // Pages a change affects are dropped at once (a stale one would never be answered anyway).
  onContentChange((changed) => {
    if (changed === "all") {
      pages.clear();
      forms.clear();
      return;
    }
    for (const path of changed) {
      pages.delete(path);
      forms.delete(path);
    }
  });

  function answer(req: IncomingMessage, res: ServerResponse, body: Buffer, encoding?: string) {
    res.setHeader("Vary", "Accept-Encoding");
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.statusCode = 200;
    res.setHeader("Content-Length", String(body.length));
    res.end(req.method === "HEAD" ? undefined : body);
  }

  // X-Page-Cache says how the page was answered: "miss" (rendered for this request), "hit" (from
  // the cache), "shared" (from a render another request had under way), "template" (a form page
  // filled in from its cached template).
  function sendPage(req: IncomingMessage, res: ServerResponse, page: CachedPage, how = "hit") {
    for (const [name, value] of page.headers) res.setHeader(name, value);
    res.setHeader("X-Page-Cache", how);
    const accepts = req.headers["accept-encoding"] ?? "";
    if (/\bbr\b/.test(accepts)) answer(req, res, page.br, "br");
    else if (/\bgzip\b/.test(accepts)) answer(req, res, page.gzip, "gzip");
    else answer(req, res, page.body);
  }

  function sendForm(req: IncomingMessage, res: ServerResponse, form: CachedForm, nonce: string, how = "template") {
    for (const [name, value] of form.headers) res.setHeader(name, value);
    res.setHeader("X-Page-Cache", how);
    const page = fillFormTemplate(form.template, nonce);
    if (/\b(gzip|br)\b/.test(req.headers["accept-encoding"] ?? "")) answer(req, res, page.gzip(), "gzip");
    else answer(req, res, page.plain());
  }

  // Renders that may be kept: a GET of the exact canonical path (no query string), and for a
  // form page a visitor who is not signed in. What the render answers decides the rest. While a
  // page is being rendered, other requests for it wait and are answered from that render.
  const middleware: express.RequestHandler = (req, res, next) => {
    if (req.method !== "GET" || req.originalUrl !== req.path) return next();
    const form = formPaths.has(req.path);
    if (!form && !cacheablePaths.has(req.path)) return next();
    if (form && !anonymous(req.headers.cookie)) return next();
    const path = req.path;
    const version = pageVersion(path);
    const nonce = String(res.locals.nonce ?? "");

    // A render that ended while this request was on its way through Express (the static-file
    // lookups) has been kept by now: answer from it instead of rendering the page a second time.
    const kept = form ? forms.get(path) : pages.get(path);
    if (kept && kept.version === version) {
      if ("template" in kept) sendForm(req, res, kept, nonce);
      else sendPage(req, res, kept);
      return;
    }

    const underWay = refills.get(path);
    if (underWay && underWay.version === version) {
      underWay.done.then(
        (entry) => {
          // Not keepable (an error, a cookie): this request renders for itself.
          if (!entry) return next();
          if ("template" in entry) sendForm(req, res, entry, nonce, "shared");
          else sendPage(req, res, entry, "shared");
        },
        () => next(),
      );
      return;
    }

    let settle: (entry: CachedPage | CachedForm | undefined) => void = () => {};
    const refill: Refill = { version, done: new Promise((resolve) => (settle = resolve)) };
    refills.set(path, refill);
    let ended = false;
    const finish = (entry: CachedPage | CachedForm | undefined) => {
      if (refills.get(path) === refill) refills.delete(path);
      // Kept only while still current: a change announced during the render made it stale.
      if (entry && pageVersion(path) === version) {
        if ("template" in entry) forms.set(path, entry);
        else pages.set(path, entry);
      }
      settle(entry);
    };
    // A render that never ends its answer (the client went away) releases whoever waits.
    res.on("close", () => {
      if (!ended) finish(undefined);
    });
    captureBody(res, (body) => {
      ended = true;
      const keep =
        res.statusCode === 200 &&
        !pageSetCookie(res.getHeader("set-cookie")) &&
        String(res.getHeader("content-type") ?? "").startsWith("text/html");
      if (!keep) return finish(undefined);
      const headers = keptHeaders(res);
      if (form) {
        const template = createFormTemplate(body, nonce);
        return finish(template ? { version, headers, template } : undefined);
      }
      Promise.all([gzipAsync(body, { level: 9 }), brotliAsync(body, { params: brotliParams(body.length) })]).then(
        ([gzipped, br]) => finish({ version, headers, body, gzip: gzipped, br }),
        () => finish(undefined),
      );
    });
    res.setHeader("X-Page-Cache", "miss");
    next();
  };

  function cachedPage(req: IncomingMessage) {
    if (req.method !== "GET" && req.method !== "HEAD") return undefined;
    // The exact canonical path and nothing else: no query string, no other spelling.
    const url = req.url ?? "";
    const version = pageVersion(url);
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
