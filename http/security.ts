import { randomBytes } from "node:crypto";

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/** Hosts the public pages may frame (the map in the footer). */
const frameSources = ["https://www.google.com", "https://maps.google.com"];

/** Hosts an external analytics property needs, allowed only when one is configured. */
const analyticsScripts = ["https://www.googletagmanager.com"];
const analyticsConnections = [
  "https://*.google-analytics.com",
  "https://*.analytics.google.com",
  "https://*.googletagmanager.com",
];

/** Security headers for every response; the CSP carries this response's nonce. */
export function securityHeaders(
  nonce: string,
  { https, externalAnalytics = false }: { https: boolean; externalAnalytics?: boolean },
): Record<string, string> {
  const scripts = externalAnalytics ? analyticsScripts : [];
  const connections = externalAnalytics ? analyticsConnections : [];
  const csp = [
    "default-src 'self'",
    ["script-src 'self'", `'nonce-${nonce}'`, ...scripts].join(" "),
    "style-src 'self'",
    // React writes a few style attributes (custom properties for the animations).
    "style-src-attr 'unsafe-inline'",
    ["img-src 'self' data:", ...connections].join(" "),
    "font-src 'self'",
    ["connect-src 'self'", ...connections].join(" "),
    `frame-src ${frameSources.join(" ")}`,
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
  const headers: Record<string, string> = {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  if (https) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}
