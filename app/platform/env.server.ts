import { site } from "~/config/site";

/** Server configuration from the environment, read once. */
export const env = {
  port: Number(process.env.PORT ?? 3000),
  host: process.env.HOST ?? "0.0.0.0",
  dataDir: process.env.DATA_DIR ?? "./data",
  databaseUrl: process.env.DATABASE_URL || undefined,
  publicUrl: process.env.PUBLIC_URL?.replace(/\/+$/, "") || undefined,
  production: process.env.NODE_ENV === "production",
};

const configuredOrigin = env.publicUrl && URL.canParse(env.publicUrl) ? new URL(env.publicUrl).origin : undefined;
const localHost = env.host === "0.0.0.0" || env.host === "::" ? "localhost" : env.host;

/**
 * The origins this site answers as (decision 010): PUBLIC_URL's when set; otherwise, for a run
 * on one's own machine, the address it listens on and the loopback names on its port. Never
 * taken from a request: a Host header can say anything.
 */
export const ownOrigins: ReadonlySet<string> = new Set(
  configuredOrigin
    ? [configuredOrigin]
    : [localHost, "localhost", "127.0.0.1", "[::1]"].map((host) => `http://${host}:${env.port}`),
);

/** The origin links in pages and e-mails use when nothing else decides: PUBLIC_URL, or HOST and PORT. */
export const configuredPublicOrigin: string = configuredOrigin ?? `http://${localHost}:${env.port}`;

/**
 * The origin a request was made to, if it is one of the site's own, else the configured one.
 * The HTTP layer (http/app.ts) builds every request's URL with it.
 */
export function requestOrigin(host: string | undefined, https: boolean): string {
  const claimed = `${https ? "https" : "http"}://${(host ?? "").toLowerCase()}`;
  return ownOrigins.has(claimed) ? claimed : configuredPublicOrigin;
}

/**
 * The site's absolute origin for links in pages, the sitemap and e-mails: PUBLIC_URL when set,
 * else the own origin the request came to (the HTTP layer never lets another host through).
 */
export function publicOrigin(request: Request): string {
  if (configuredOrigin) return configuredOrigin;
  const origin = new URL(request.url).origin;
  return ownOrigins.has(origin) ? origin : configuredPublicOrigin;
}

/**
 * The external analytics property (e.g. a Google Analytics measurement ID): the site
 * configuration's, or ANALYTICS_MEASUREMENT_ID. Undefined (off) by default.
 */
export function externalAnalyticsId(): string | undefined {
  const id = process.env.ANALYTICS_MEASUREMENT_ID?.trim() || site.analytics.externalMeasurementId;
  // It ends up in a page and a URL: only the characters such IDs have.
  return id && /^[A-Za-z0-9-]{2,40}$/.test(id) ? id : undefined;
}
