import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import * as build from "virtual:react-router/server-build";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { RouterContextProvider } from "react-router";
import { remindersJob } from "../app/admissions/my-day/reminders.server";
import { firstTouchCookie, hasFirstTouch } from "../app/admissions/submissions/first-touch.server";
import { type MailSettings, startOutboxDelivery } from "../app/admissions/submissions/notifications.server";
import { createPageViewCounter, isCountable, type PageViewCounter } from "../app/insight/page-views.server";
import {
  clientAddressContext,
  databaseContext,
  enhanceScriptContext,
  type FormScript,
  mailContext,
  nonceContext,
  uploadsDirContext,
} from "../app/platform/context.server";
import {
  type Database,
  openDatabase,
  type PostgresTimeouts,
  postgresTimeoutsFromEnv,
} from "../app/platform/database.server";
import { databaseUpkeepJobs } from "../app/platform/database-upkeep.server";
import { configuredPublicOrigin, externalAnalyticsId, requestOrigin } from "../app/platform/env.server";
import { logFault } from "../app/platform/error-log.server";
import { startEventRelay } from "../app/platform/event-relay.server";
import { closeLiveStreams } from "../app/platform/events.server";
import { lastingWorkSettled } from "../app/platform/lasting-work.server";
import { startScheduler } from "../app/platform/scheduler.server";
import { retentionJob } from "../app/privacy/data-protection.server";
import { startBatchDayRollover } from "../app/site/batches.server";
import { seedDemoContent } from "../app/site/demo-content.server";
import { addDefaultPhotos } from "../app/site/photos.server";
import { formPagePaths, publicPaths } from "../app/site/public-pages";
import { canonicalLocation, isAssetPath } from "./canonical";
import { createPageCache } from "./page-cache";
import { createNonce, securityHeaders } from "./security";

/** How much of an unread request body is still read after the answer; beyond it the connection is cut. */
const maxDiscardedBytes = 64 * 1024 * 1024;

export interface AppOptions {
  /** Folder of the client build (static files). */
  clientDir: string;
  database: Database;
  /** Where uploaded and generated images live (served at /uploads). */
  uploadsDir: string;
  /** A request header set by a trusted reverse proxy that carries the client's address. */
  trustedProxyHeader?: string;
  /** Counts public page views (first-party analytics). */
  pageViews?: PageViewCounter;
  /** E-mail notifications; off when undefined. */
  mail?: MailSettings;
  /** Values the server hands to each request (database, events...). */
  provideContext?: (context: RouterContextProvider, request: express.Request) => void;
  /** Extra routes mounted before the pages (health check, live streams...). */
  extend?: (app: express.Express) => void;
}

/** The Express app, and a quicker way for the plain HTTP server to answer cached public pages. */
export interface SiteApp extends express.Express {
  /** Answers the request when a current cached page fits it, and says so; false otherwise. */
  serveCached(req: IncomingMessage, res: ServerResponse): boolean;
}

export function createApp(options: AppOptions): SiteApp {
  const { clientDir } = options;
  const enhanceScript = formScript(clientDir, "assets/enhance.js");
  const externalAnalytics = externalAnalyticsId() !== undefined;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", false);

  // A body nobody read (a refused post, a form too large, a wrong content type) is read to its
  // end after the answer and thrown away: a connection closed with unread data is reset, and
  // the sender loses the answer, or its next request on the same connection fails.
  app.use((req, res, next) => {
    res.on("finish", () => {
      if (req.complete || req.destroyed) return;
      let discarded = 0;
      req.removeAllListeners("data");
      req.on("data", (chunk: Buffer) => {
        discarded += chunk.length;
        if (discarded > maxDiscardedBytes) req.destroy();
      });
      req.resume();
    });
    next();
  });

  // What every response gets, cached or not: security headers with a fresh nonce.
  const secure = (req: IncomingMessage, res: ServerResponse): string => {
    const nonce = createNonce();
    const headers = securityHeaders(nonce, { https: isHttps(req), externalAnalytics });
    for (const name in headers) res.setHeader(name, headers[name] as string);
    return nonce;
  };

  // First-party page views: counted when a public page is actually served to a person. A
  // person's first page also sets the first-touch cookie (landing page and campaign only).
  const countedPaths = new Set(publicPaths);
  const countView = (req: IncomingMessage, res: ServerResponse, pagePath: string, search: string) => {
    const counter = options.pageViews;
    if (!counter || req.method !== "GET" || !countedPaths.has(pagePath)) return;
    const userAgent = req.headers["user-agent"] ?? "";
    const cookie = req.headers.cookie;
    const purpose = req.headers["sec-purpose"] ?? req.headers.purpose;
    if (!isCountable({ userAgent, purpose: typeof purpose === "string" ? purpose : undefined, cookie })) return;
    const query = new URLSearchParams(search);
    const entry = !hasFirstTouch(cookie);
    if (entry) res.appendHeader("Set-Cookie", firstTouchCookie(pagePath, query, { secure: isHttps(req) }));
    res.on("finish", () => {
      if (res.statusCode !== 200) return;
      counter.record({
        path: pagePath,
        referrer: req.headers.referer,
        userAgent,
        address: clientAddress(req, options.trustedProxyHeader),
        query,
        ownHost: req.headers.host ?? "",
        entry,
      });
    });
  };

  // Pages with forms carry a per-visit token and nonce: they are kept as templates, not pages.
  const formPages = new Set(formPagePaths);
  const pageCache = createPageCache(new Set(publicPaths.filter((p) => !formPages.has(p))), formPages);

  app.use(compression());
  app.use((req, res, next) => {
    res.locals.nonce = secure(req, res);
    next();
  });

  // Hashed build assets never change; other public files may, so they are cached briefly.
  app.use(
    "/assets",
    express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false, fallthrough: true }),
  );
  app.use(express.static(clientDir, { maxAge: "1d", index: false, redirect: false }));
  // Stored images get new names when replaced, so they can be cached for long.
  app.use(
    "/uploads",
    express.static(options.uploadsDir, { maxAge: "30d", index: false, redirect: false, dotfiles: "deny" }),
  );

  app.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (isAssetPath(req.path)) return next();
    const location = canonicalLocation(req.originalUrl);
    if (location) return res.redirect(301, location);
    next();
  });

  app.get("/healthz", async (_req, res) => {
    const databaseUp = await options.database.ping().catch(() => false);
    res
      .status(databaseUp ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ status: databaseUp ? "ok" : "degraded", database: databaseUp ? "up" : "down" });
  });

  options.extend?.(app);

  app.use((req, res, next) => {
    countView(req, res, req.path, req.originalUrl.split("?")[1] ?? "");
    next();
  });
  app.use(pageCache.middleware);

  app.all(
    "/{*splat}",
    createRequestHandler({
      build,
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(nonceContext, res.locals.nonce as string);
        context.set(databaseContext, options.database);
        context.set(uploadsDirContext, options.uploadsDir);
        context.set(enhanceScriptContext, enhanceScript);
        context.set(clientAddressContext, clientAddress(req, options.trustedProxyHeader));
        context.set(mailContext, options.mail ?? null);
        options.provideContext?.(context, req);
        return context;
      },
    }),
  );

  // Errors Express raises itself (a path it cannot decode, a body it refuses) are the client's:
  // they keep their 4xx and are not logged. Anything else is a fault: logged, answered 500.
  app.use((error: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
    const raised = error as { status?: unknown; statusCode?: unknown } | undefined;
    const given = Number(raised?.status ?? raised?.statusCode);
    const status = given >= 400 && given < 500 ? given : 500;
    if (status === 500) logFault(`Failed to answer ${req.method} ${req.path}`, error);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res
      .status(status)
      .type("text/plain")
      .set("Cache-Control", "no-store")
      .send(status === 500 ? "Something went wrong on our side. Please try again." : http.STATUS_CODES[status]);
  });

  // The same steps as above for a cached page, without Express: headers, the view, the page.
  // A cached path is canonical (no query string), so no redirect or static file can apply.
  return Object.assign(app, {
    serveCached(req: IncomingMessage, res: ServerResponse): boolean {
      const answer = pageCache.cachedPage(req);
      if (!answer) return false;
      const nonce = secure(req, res);
      countView(req, res, req.url ?? "", "");
      answer(res, nonce);
      return true;
    },
  });
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** Starts the site: used by http/index.ts (npm start) and by the tests. */
export interface ServerConfig {
  port: number;
  host: string;
  clientDir: string;
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL's connect and query time limits; default from DATABASE_CONNECT_TIMEOUT and DATABASE_QUERY_TIMEOUT. */
  databaseTimeouts?: PostgresTimeouts;
  migrationsFolder: string;
  trustedProxyHeader?: string;
  /** How long a client may take to send a whole request, body included (REQUEST_TIMEOUT; 90 s). */
  requestTimeoutSeconds?: number;
  /** SMTP server and sender for notifications (SMTP_URL, MAIL_FROM); off when undefined. */
  mail?: MailSettings;
  /** Whether a new database gets demo content on its first start (DEMO_CONTENT). Default off. */
  demoContent?: boolean;
  /** The embedded database's thread stopped on its own: every query fails from then on (decision 033). */
  onDatabaseLost?: (error: Error) => void;
}

export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const database = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    migrationsFolder: config.migrationsFolder,
    purpose: "server",
    timeouts: config.databaseTimeouts ?? postgresTimeoutsFromEnv(),
    onLost: config.onDatabaseLost,
  });
  const uploadsDir = path.join(config.dataDir, "uploads");
  if (await seedDemoContent(database, { uploadsDir, enabled: config.demoContent ?? false })) {
    console.log('New database: demo content added (remove it with "npm run cli -- demo remove").');
  }
  await addDefaultPhotos(database);
  const relay = config.databaseUrl ? await startEventRelay(config.databaseUrl) : undefined;
  const pageViews = createPageViewCounter(database.db);
  const delivery = config.mail ? startOutboxDelivery(database.db, config.mail) : undefined;
  // The timed work, in turn, each daily job once a day across processes (decision 027).
  const scheduled = startScheduler(database.db, [
    // Reminders go through the outbox: like every message, only with e-mail on (decision 019).
    ...(config.mail ? [remindersJob(database.db, { origin: configuredPublicOrigin })] : []),
    retentionJob(database.db),
    // PostgreSQL's autovacuum does this for a server; the embedded database needs the site to ask.
    ...(database.engine === "pglite" ? databaseUpkeepJobs(database.db) : []),
  ]);
  const batchDays = startBatchDayRollover();
  if (process.env.NODE_ENV === "production" && !process.env.PUBLIC_URL?.trim()) {
    console.warn(
      `PUBLIC_URL is not set: links in pages and e-mails use ${configuredPublicOrigin}. ` +
        "Set PUBLIC_URL to the address students use (docs/operations.md).",
    );
  }
  const app = createApp({
    clientDir: config.clientDir,
    database,
    uploadsDir,
    trustedProxyHeader: config.trustedProxyHeader,
    pageViews,
    mail: config.mail,
  });
  // Slow clients are cut off well before Node's defaults (60 s for headers, 300 s for a request,
  // checked every 30 s): a phone on a slow network sends its headers in well under a second and
  // a 5 MB photo within a minute and a half.
  const requestTimeout = (config.requestTimeoutSeconds ?? 90) * 1000;
  const timeouts = {
    headersTimeout: Math.min(10_000, requestTimeout),
    requestTimeout,
    connectionsCheckingInterval: 1_000,
  };
  const server = http.createServer(timeouts, (req, res) => {
    if (!admitRequest(req, res)) return;
    if (!app.serveCached(req, res)) app(req, res);
  });
  // A request Node cannot parse (a broken request line, HTTP/0.9, a bad header) gets a 400 and
  // one log line, never a stack trace.
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (error.code !== "ECONNRESET") console.warn(`Refused a malformed request: ${error.code ?? error.message}`);
    if (socket.writable && !(socket as { _httpMessage?: unknown })._httpMessage) {
      const status = error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? "408 Request Timeout" : "400 Bad Request";
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    } else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  server.keepAliveTimeout = 5_000;
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const shownHost = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  return {
    url: `http://${shownHost}:${port}`,
    /**
     * Stops accepting, lets requests in flight finish (up to 10 s, a form's storing too when its
     * client has gone), ends live streams, closes the database.
     */
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      closeLiveStreams();
      // Connections become idle as their last response ends (streams included): close each then.
      const sweep = setInterval(() => server.closeIdleConnections(), 50);
      const stopBy = Date.now() + 10_000;
      const deadline = setTimeout(() => server.closeAllConnections(), stopBy - Date.now());
      server.closeIdleConnections();
      await closed;
      // A client that went away closed its connection, not the work its request started.
      await lastingWorkSettled(Math.max(0, stopBy - Date.now()));
      clearInterval(sweep);
      clearTimeout(deadline);
      await scheduled.stop();
      batchDays.stop();
      await pageViews.close();
      await delivery?.close();
      await relay?.close();
      await database.close();
    },
  };
}

const allowedMethods = new Set(["GET", "HEAD", "POST"]);

/**
 * What every request passes before anything else: a method the site answers, a path (not an
 * absolute URL, no NUL), and a URL built from the site's own origin (decision 010): the Host header
 * only picks among the site's own origins, so no page, cache entry or e-mail ever carries
 * another host. Answers the refusal itself and says false.
 */
function admitRequest(req: IncomingMessage, res: ServerResponse): boolean {
  if (!allowedMethods.has(req.method ?? "")) {
    res.writeHead(405, { Allow: "GET, HEAD, POST", "Content-Type": "text/plain", "Cache-Control": "no-store" });
    res.end("Method not allowed\n");
    return false;
  }
  // No page takes a NUL character in its address, and the database refuses one in text.
  if (!req.url?.startsWith("/") || /%00/.test(req.url)) {
    res.writeHead(400, { "Content-Type": "text/plain", "Cache-Control": "no-store" });
    res.end("Bad request\n");
    return false;
  }
  const https = isHttps(req);
  const origin = new URL(requestOrigin(req.headers.host, https));
  req.headers.host = origin.host;
  delete req.headers["x-forwarded-host"];
  // Express and React Router's adapter build the request's URL from these two.
  Object.defineProperty(req, "protocol", { value: origin.protocol.slice(0, -1), configurable: true });
  // A post from another site's page (or a page with no origin, "null") is refused here, in
  // one place, before any form or sign-in reads it. Browsers always send Origin with a post.
  const from = req.headers.origin;
  if (req.method === "POST" && from !== undefined && from !== origin.origin) {
    res.writeHead(403, { "Content-Type": "text/plain", "Cache-Control": "no-store" });
    res.end("Forms are accepted only from this site's own pages.\n");
    return false;
  }
  return true;
}

/** Served over HTTPS: directly, or behind a proxy when PUBLIC_URL is https. */
function isHttps(req: IncomingMessage): boolean {
  return (
    ("encrypted" in req.socket && req.socket.encrypted === true) || (process.env.PUBLIC_URL ?? "").startsWith("https:")
  );
}

/** The client's address for rate limits: the socket's, unless a trusted proxy names it. */
export function clientAddress(req: IncomingMessage, trustedProxyHeader?: string): string {
  if (trustedProxyHeader) {
    const header = req.headers[trustedProxyHeader.toLowerCase()];
    const value = Array.isArray(header) ? header.join(",") : header;
    // The proxy appends the address it saw last; earlier entries can be forged by the client.
    const last = value?.split(",").pop()?.trim();
    if (last) return last;
  }
  return req.socket.remoteAddress ?? "unknown";
}

/**
 * The form script as the pages carry it: its text, written into the page (one request fewer
 * before the first paint: on a slow network the script's own request, on a connection of its
 * own, came before the page's largest paint; decision 017), and its URL for a page that wants
 * to load it. Its one dynamic import names a file beside it ("./x.js"); in the page, a path
 * relative to the page would miss, so it is made absolute.
 */
function formScript(clientDir: string, file: string): FormScript {
  const src = versionedAsset(clientDir, file);
  try {
    const code = readFileSync(path.join(clientDir, file), "utf8").replace(
      /\bimport\((["'`])\.\//g,
      (_match, quote: string) => `import(${quote}/${path.posix.dirname(file)}/`,
    );
    // Text that would end the <script> element early cannot be written into the page as it is.
    return /<\/script|<!--/i.test(code) ? { src } : { src, code };
  } catch {
    return { src };
  }
}

/** "/assets/enhance.js?v=<hash of its content>": a new build gets a new URL. */
function versionedAsset(clientDir: string, file: string): string {
  try {
    const hash = createHash("sha256")
      .update(readFileSync(path.join(clientDir, file)))
      .digest("hex")
      .slice(0, 12);
    return `/${file}?v=${hash}`;
  } catch {
    return `/${file}`;
  }
}

export { mailSettingsFromEnv } from "../app/admissions/submissions/notifications.server";
export { demoContentFromEnv } from "../app/site/demo-content.server";
