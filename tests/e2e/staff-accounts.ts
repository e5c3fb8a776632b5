import { expect, type Page } from "@playwright/test";

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
export async function signIn(page: Page, email: string, origin = ""): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(staffPassword);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).not.toHaveURL(/\/login/);
}
