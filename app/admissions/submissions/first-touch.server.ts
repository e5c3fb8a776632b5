// First-touch attribution (decision 008): the page a visitor first landed on and the
// campaign in that link travel to the form in a short-lived first-party cookie that holds
// only those values, so enquiries and registrations can be counted by landing page and
// campaign exactly. No identifier is in it; the privacy notice names it.

import { type Campaign, campaignOf } from "~/insight/page-views.server";
import { publicPaths } from "~/site/public-pages";

export const firstTouchCookieName = "first_touch";
/** Long enough to cover a student who comes back a few days later to register. */
export const firstTouchMaxAgeSeconds = 7 * 24 * 60 * 60;

export interface FirstTouch extends Campaign {
  /** A public page's path, or "" when unknown (cookies off, or the cookie expired). */
  landingPage: string;
}

export const noFirstTouch: FirstTouch = { landingPage: "", utmSource: "", utmMedium: "", utmCampaign: "" };

const landingPages = new Set(publicPaths);

/** The Set-Cookie value that remembers this landing. */
export function firstTouchCookie(path: string, query: URLSearchParams, { secure }: { secure: boolean }): string {
  const campaign = campaignOf(query);
  const value = new URLSearchParams({
    p: path,
    s: campaign.utmSource,
    m: campaign.utmMedium,
    c: campaign.utmCampaign,
  }).toString();
  return [
    // URLSearchParams encodes everything a cookie value may not hold (spaces, ";", ",", quotes).
    `${firstTouchCookieName}=${value}`,
    "Path=/",
    `Max-Age=${firstTouchMaxAgeSeconds}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/** Whether the request already carries a first touch (then this visit is not a landing). */
export function hasFirstTouch(cookieHeader: string | null | undefined): boolean {
  return rawCookie(cookieHeader) !== undefined;
}

/** The landing page and campaign from the cookie, checked again: a cookie is the visitor's to change. */
export function readFirstTouch(cookieHeader: string | null | undefined): FirstTouch {
  const raw = rawCookie(cookieHeader);
  if (raw === undefined) return noFirstTouch;
  const values = new URLSearchParams(raw);
  const path = values.get("p") ?? "";
  const campaign = campaignOf(
    new URLSearchParams({
      utm_source: values.get("s") ?? "",
      utm_medium: values.get("m") ?? "",
      utm_campaign: values.get("c") ?? "",
    }),
  );
  return { landingPage: landingPages.has(path) ? path : "", ...campaign };
}

function rawCookie(cookieHeader: string | null | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === firstTouchCookieName) return rest.join("=");
  }
  return undefined;
}
