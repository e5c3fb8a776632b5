import { type BrowserContext, expect, type Page } from "@playwright/test";

/** Staff accounts the browser tests sign in with; created from the CLI before the server starts. */
export const staffPassword = "correct horse battery staple kolam";
export const staffAccounts = {
  admin: "admin@sampige-academy.example",
  embedded: "embedded.counsellor@sampige-academy.example",
  python: "python.counsellor@sampige-academy.example",
  iot: "iot.counsellor@sampige-academy.example",
  matlab: "matlab.counsellor@sampige-academy.example",
  ai: "ai.counsellor@sampige-academy.example",
  several: "embedded.iot.counsellor@sampige-academy.example",
} as const;

/** The courses of each counsellor above: one course each (as the old coordinators), and one of two. */
export const counsellorCourses = {
  embedded: ["embedded"],
  python: ["python"],
  iot: ["iot"],
  matlab: ["matlab"],
  ai: ["ai"],
  several: ["embedded", "iot"],
} as const;

/** Signs in through the login page, as a staff member does, and waits to leave it. */
export async function signInThroughForm(page: Page, email: string, origin = ""): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(staffPassword);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

type SessionCookies = Awaited<ReturnType<BrowserContext["cookies"]>>;

/** Each account's session in this worker, by site and e-mail: signed in through the form once. */
const sessions = new Map<string, SessionCookies>();

/**
 * Signs in and lands where the staff member lands after signing in (their desk). The first time
 * in a test worker it goes through the login page (`signInThroughForm`); after that the session
 * it made is given to the browser and /login sends it on to the desk, as it does for anyone
 * signed in. Tests of signing in and out themselves use `signInThroughForm`; a test that ends an
 * account's sessions uses an account of its own.
 */
export async function signIn(page: Page, email: string, origin = ""): Promise<void> {
  const key = `${origin}|${email}`;
  const saved = sessions.get(key);
  if (saved) {
    await page.context().addCookies(saved);
    await page.goto(`${origin}/login`);
    // A session that is no longer valid shows the login form: sign in again below.
    if (!new URL(page.url()).pathname.startsWith("/login")) return;
    sessions.delete(key);
  }
  await signInThroughForm(page, email, origin);
  const cookies = await page.context().cookies(page.url());
  sessions.set(
    key,
    cookies.filter((cookie) => cookie.name.endsWith(".session_token")),
  );
}
