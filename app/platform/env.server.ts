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

/** The site's absolute origin: PUBLIC_URL when set, else the origin the request came to. */
export function publicOrigin(request: Request): string {
  return env.publicUrl ?? new URL(request.url).origin;
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
