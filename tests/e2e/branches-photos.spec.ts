// Branches and photos as a visitor and an administrator meet them, on a phone (390 px) and a
// desktop (1280 px): both branches in the footer with what is known and a plain map link (no
// map frame), the branches on the contact page, and photos uploaded in the desk showing on the
// public pages in modern formats, sized, the first slide still the home page's largest paint.
// A site of its own, so its edits never meet the other browser tests' pages.
import sharp from "sharp";
import { site } from "../../app/config/site";
import { type SiteProcess, startSiteProcess } from "./site-process";
import { signIn, staffAccounts } from "./staff-accounts";
import { e2ePort, expect, test } from "./utils";

let server: SiteProcess;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  // The command-line tool's new database, then up to 120 s for the site to answer (waitForSite).
  test.setTimeout(180_000);
  server = startSiteProcess({ port: e2ePort + 67, admin: staffAccounts.admin });
  await server.ready;
});

test.afterAll(async () => {
  await server?.stop();
});

async function jpeg(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#f2a541"/></svg>`,
        ),
      },
    ])
    .jpeg()
    .toBuffer();
}

for (const width of [390, 1280]) {
  test(`the footer and the contact page show both branches at ${width} px, with no map frame`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${server.origin}/about/facilities`);
    const footer = page.getByRole("contentinfo");
    await expect(footer.locator("iframe")).toHaveCount(0);
    const chennai = footer.getByRole("region", { name: /Chennai branch/ });
    const bangalore = footer.getByRole("region", { name: /Bangalore branch/ });
    await expect(chennai).toContainText("Chennai, Tamil Nadu");
    // Nothing that is not known: no phone, hours or map for Chennai.
    await expect(chennai.getByRole("link")).toHaveCount(0);
    await expect(bangalore).toContainText("Residency Road");
    await expect(bangalore).toContainText("Open Monday to Saturday, 9:30 am to 6:30 pm");
    await expect(bangalore.getByRole("link", { name: "Map of the Bangalore branch" })).toHaveAttribute(
      "href",
      site.branches[1].mapUrl,
    );
    const footerBox = await footer.boundingBox();
    expect(footerBox?.width).toBeLessThanOrEqual(width);

    await page.goto(`${server.origin}/contact`);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: "Our branches" })).toBeVisible();
    await expect(main.getByRole("heading", { name: /^Chennai/ })).toBeVisible();
    await expect(main.getByRole("link", { name: "Call the Bangalore branch: +91 98765 43210" })).toBeVisible();
    const structured = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? "{}")));
    expect(structured.filter((data) => [].concat(data["@type"]).includes("LocalBusiness" as never))).toHaveLength(2);
    // Nothing scrolls sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

test("an administrator edits a branch, and every page's footer shows it at once", async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signIn(page, staffAccounts.admin, server.origin);
  await page.goto(`${server.origin}/admin/branches`);
  const form = page.getByRole("form", { name: /Chennai branch/ });
  await form.getByLabel("PIN code").fill("60001");
  await form.getByLabel("Phone").fill("+91 44 4000 1234");
  await form.getByRole("button", { name: "Save the Chennai branch" }).click();
  await expect(form.getByText("A PIN code is six digits.")).toBeVisible();
  // Nothing typed is lost.
  await expect(form.getByLabel("Phone")).toHaveValue("+91 44 4000 1234");
  await form.getByLabel("PIN code").fill("600017");
  await form.getByLabel("Street address (leave empty while it is not known)").fill("21 Usman Road, T. Nagar");
  await form.getByRole("button", { name: "Save the Chennai branch" }).click();
  await expect(form.getByRole("status")).toHaveText(/Saved/);

  const visitor = await browser.newPage();
  for (const path of ["/", "/about/review", "/contact"]) {
    await visitor.goto(`${server.origin}${path}`);
    const chennai = visitor.getByRole("contentinfo").getByRole("region", { name: /Chennai branch/ });
    await expect(chennai.getByText("21 Usman Road, T. Nagar")).toBeVisible();
    await expect(chennai.getByRole("link", { name: "Call the Chennai branch: +91 44 4000 1234" })).toBeVisible();
  }
  await visitor.close();
});

test("a slideshow photo uploaded in the desk is the home page's first slide, its largest paint, in AVIF", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, staffAccounts.admin, server.origin);
  await page.goto(`${server.origin}/admin/photos`);
  const first = page.getByRole("form", { name: "Edit Home page slideshow 1" });
  await first.getByLabel(/New photo/).setInputFiles({
    name: "lab.jpg",
    mimeType: "image/jpeg",
    buffer: await jpeg(2000, 1200, "#0f4c5c"),
  });
  await first.getByLabel(/Alt text/).fill("");
  await first.getByRole("button", { name: "Save" }).click();
  // The browser asks for the alt text before sending (required), as the server would.
  expect(await first.getByLabel(/Alt text/).evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(
    true,
  );
  await first.getByLabel(/Alt text/).fill("Students testing a robot arm in the lab");
  await first.getByRole("button", { name: "Save" }).click();
  // AVIF encoding at two widths takes seconds on a busy machine.
  await expect(page.getByRole("status").filter({ hasText: "Photo replaced" })).toBeVisible({ timeout: 60_000 });

  for (const width of [390, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const home = await context.newPage();
    await home.goto(`${server.origin}/`);
    const slide = home.locator(".hero-slide").first().getByRole("img");
    await expect(slide).toHaveAttribute("alt", "Students testing a robot arm in the lab");
    await expect(slide).toHaveAttribute("fetchpriority", "high");
    await expect(slide).not.toHaveAttribute("loading", "lazy");
    expect(await slide.getAttribute("width")).toBe("1200");
    expect(await slide.getAttribute("height")).toBe("520");
    await expect.poll(() => slide.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await slide.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/uploads\/photos\/.+\.avif$/);
    const lcp = await home.evaluate(
      () =>
        new Promise<string>((resolve) => {
          new PerformanceObserver((list) => {
            const last = list.getEntries().at(-1) as PerformanceEntry & { element?: Element };
            resolve(last.element?.getAttribute("alt") ?? last.element?.tagName ?? "");
          }).observe({ type: "largest-contentful-paint", buffered: true });
        }),
    );
    expect(lcp, `largest paint at ${width} px`).toBe("Students testing a robot arm in the lab");
    // A content page still ships no JavaScript.
    await expect(home.locator("script:not([type='application/ld+json'])")).toHaveCount(0);
    await context.close();
  }
});

test("an event photo added with a date shows in its gallery, lazily, and as an Event", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, staffAccounts.admin, server.origin);
  await page.goto(`${server.origin}/admin/photos`);
  const add = page.getByRole("form", { name: "Add a photo to Events: project exhibitions" });
  await add.getByLabel("Photo:", { exact: false }).setInputFiles({
    name: "expo.jpg",
    mimeType: "image/jpeg",
    buffer: await jpeg(1200, 900, "#e36414"),
  });
  await add.getByLabel(/Alt text/).fill("A drone hovering over a project stall");
  await add.getByLabel("Caption").fill("Drone navigation demo at the project exhibition");
  await add.getByLabel("Date of the event (optional)").fill("2026-04-18");
  await add.getByLabel("Branch (optional)").selectOption("bangalore");
  await add.getByRole("button", { name: "Add photo" }).click();
  await expect(add.getByRole("status")).toHaveText(/Photo added to Events: project exhibitions/, { timeout: 60_000 });

  await page.goto(`${server.origin}/about/events`);
  const figure = page.getByRole("region", { name: "Project exhibitions" }).getByRole("figure").last();
  await expect(figure).toContainText("Drone navigation demo at the project exhibition");
  await expect(figure.locator("time")).toHaveAttribute("datetime", "2026-04-18");
  const img = figure.getByRole("img", { name: "A drone hovering over a project stall" });
  await expect(img).toHaveAttribute("loading", "lazy");
  expect([await img.getAttribute("width"), await img.getAttribute("height")]).toEqual(["480", "320"]);
  const events = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? "{}")));
  expect(events).toContainEqual(
    expect.objectContaining({
      "@type": "Event",
      name: "Drone navigation demo at the project exhibition",
      startDate: "2026-04-18",
      location: expect.objectContaining({ name: `${site.name}, Bangalore` }),
    }),
  );
});
