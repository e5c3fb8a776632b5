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
