// Branches on the desk (decision 031) in the browser: a counsellor on a 390 px phone confirms the
// branch a new student's state gave as a guess, and an admin filters the students list by
// branch with JavaScript off. The Python Fullstack course is this file's own.
import fs from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { signIn, staffAccounts } from "./staff-accounts";
import { expect, test } from "./utils";

/** Where screenshots go (SCREENSHOTS_DIR; not kept otherwise). */
const shots = process.env.SCREENSHOTS_DIR;

async function screenshot(page: Page, name: string, fullPage = true) {
  if (!shots) return;
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage });
}

test.describe.configure({ mode: "serial" });

const stamp = String(Date.now()).slice(-6);
const tamil = { name: `Meena Branch ${stamp}`, mobile: `97${stamp}01`, state: "tamilnadu", district: "Chennai" };
const karnataka = { name: `Ravi Branch ${stamp}`, mobile: `97${stamp}02`, state: "karnataka", district: "Udupi" };

/** A Python Fullstack registration sent from the public form. */
async function register(browser: Browser, student: typeof tamil) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/online/register");
  await page.getByLabel("Name").fill(student.name);
  await page.getByLabel("Email").fill(`${student.mobile}@example.com`);
  await page.getByLabel("Mobile number").fill(student.mobile);
  await page.getByLabel("Stream").selectOption("B.E");
  await page.getByLabel("Major").selectOption("ECE");
  await page.getByLabel("State").selectOption(student.state);
  await page.getByLabel("District").selectOption(student.district);
  await page.getByLabel("Course").selectOption("python fullstack");
  await page.getByRole("checkbox", { name: /I agree to/ }).check();
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText("Form submitted successfully!")).toBeVisible();
  await context.close();
}

test.beforeAll(async ({ browser }) => {
  await register(browser, tamil);
  await register(browser, karnataka);
});

test("a counsellor confirms a branch guessed from the state on a 390 px phone", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await signIn(page, staffAccounts.python);
  await page.goto(`/onlineuser/python/students?q=${tamil.mobile}`);
  await page.getByRole("link", { name: tamil.name }).click();
  await expect(page.getByRole("heading", { name: tamil.name, level: 1 })).toBeVisible();
  const form = page.getByRole("form", { name: "Branch" });
  await expect(form.getByText("Chennai (guessed from state): please confirm it or choose another.")).toBeVisible();
  await expect(form.getByLabel("Branch")).toHaveValue("chennai");
  const confirm = form.getByRole("button", { name: "Confirm branch" });
  await confirm.scrollIntoViewIfNeeded();
  // The button is a whole tap target on the phone, inside the screen's width.
  const box = await confirm.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await screenshot(page, "record-branch-guess-390");
  await confirm.click();
  await expect(page.getByRole("form", { name: "Branch" }).getByRole("status")).toHaveText("Branch saved.");
  await expect(page.locator(".record-summary")).toContainText("Branch: Chennai ·");
  await expect(page.locator(".record-summary")).not.toContainText("guessed");
  await expect(page.getByRole("form", { name: "Branch" }).getByRole("button", { name: "Save branch" })).toBeVisible();
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline.getByText("Branch confirmed")).toBeVisible();
  await expect(timeline.getByText("Chennai: confirmed (it was Chennai (guessed from state))")).toBeVisible();
  await screenshot(page, "record-branch-confirmed-390");
  await context.close();
});

test("the students list filters by branch without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1536, height: 800 } });
  const page = await context.newPage();
  await signIn(page, staffAccounts.admin);
  await page.goto(`/admin/students?q=${encodeURIComponent(`Branch ${stamp}`)}`);
  await expect(page.getByRole("link", { name: tamil.name })).toBeVisible();
  await expect(page.getByRole("link", { name: karnataka.name })).toBeVisible();
  await page.getByRole("combobox", { name: "Branch", exact: true }).selectOption("bangalore");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/branch=bangalore/);
  await expect(page.getByRole("link", { name: karnataka.name })).toBeVisible();
  await expect(page.getByRole("link", { name: tamil.name })).toHaveCount(0);
  await expect(
    page
      .getByTestId("record-row")
      .filter({ hasText: karnataka.name })
      .getByRole("cell", { name: /Bangalore/ }),
  ).toContainText("Bangalore? (guessed from state)");
  await screenshot(page, "students-branch-filter-nojs", false);
  await page.getByRole("combobox", { name: "Branch", exact: true }).selectOption("chennai");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("link", { name: tamil.name })).toBeVisible();
  await expect(page.getByRole("link", { name: karnataka.name })).toHaveCount(0);
  await context.close();
});

test("the assignment page says where each branch's new students go", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, staffAccounts.admin);
  await page.goto("/admin/assignment");
  const python = page.getByRole("list", { name: "Who gets new Python Fullstack students, by branch" });
  await expect(python.getByText("Chennai: no counsellors of its own; uses the Python Fullstack pool")).toBeVisible();
  // The branches' pools are folded away until one has someone.
  await page.getByText("Pools of Python Fullstack per branch").click();
  await expect(page.getByRole("form", { name: "Pool of Python Fullstack at Chennai" })).toBeVisible();
  await screenshot(page, "assignment-pools", false);
  await context.close();
});
