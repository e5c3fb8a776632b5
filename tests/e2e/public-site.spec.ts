import { request as httpRequest } from "node:http";
import { site } from "../../app/config/site";
import { courses } from "../../app/content/courses";
import { publicPaths } from "../../app/lib/public-pages";
import { escapeRegExp, expect, test } from "./utils";

const pagesWithForms = new Set(["/contact", "/online/register", "/login"]);

test.describe("every public page", () => {
  for (const path of publicPaths) {
    test(`${path} has its own title, description, canonical link and the site chrome`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      const title = await page.title();
      expect(title.length).toBeGreaterThan(5);
      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect(description?.length ?? 0).toBeGreaterThan(50);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        new RegExp(`${path === "/" ? "/" : path}$`),
      );
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(page.getByRole("navigation", { name: "Main" })).toBeAttached();
      await expect(page.getByRole("contentinfo")).toContainText(site.address.street);
      await expect(page.getByRole("navigation", { name: "Contact and social links" }).getByRole("link")).toHaveCount(8);
    });

    if (!pagesWithForms.has(path)) {
      test(`${path} ships no executable JavaScript`, async ({ page }) => {
        const scriptRequests: string[] = [];
        page.on("request", (request) => {
          if (request.resourceType() === "script") scriptRequests.push(request.url());
        });
        await page.goto(path);
        const executable = await page.locator('script:not([type="application/ld+json"])').count();
        expect(executable).toBe(0);
        expect(scriptRequests).toEqual([]);
        await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0);
      });
    }
  }
});

test("titles follow the brief on home and founder pages", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle(`${site.name} | Connecting The Dots......`);
  await page.goto("/about/founder-chairman");
  await expect(page).toHaveTitle(`${site.name} | Founder & Chairman`);
});

test("the AI course has its own syllabus and title, not the embedded one's", async ({ page }) => {
  await page.goto("/courses/ai");
  const aiTitle = await page.title();
  const aiSections = await page.locator(".syllabus-item > summary").allTextContents();
  await page.goto("/courses/embedded");
  expect(await page.title()).not.toBe(aiTitle);
  const embeddedSections = await page.locator(".syllabus-item > summary").allTextContents();
  expect(aiSections.filter((s) => embeddedSections.includes(s))).toEqual([]);
});

for (const course of courses) {
  test(`course page ${course.id}: syllabus, trailing items, register link, structured data`, async ({ page }) => {
    await page.goto(`/courses/${course.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(course.title);
    expect(await page.locator(".syllabus-item").count()).toBeGreaterThanOrEqual(8);
    for (const item of ["Project & Assessment", "Course complete certificate", "placements"]) {
      await expect(page.getByText(item, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "Register now" }).first()).toHaveAttribute(
      "href",
      `/online/register?course=${course.id}`,
    );
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
    expect(jsonLd["@type"]).toBe("Course");
    expect(jsonLd.name).toBe(course.title);
    expect(jsonLd.provider.name).toBe(site.name);
    expect(jsonLd.offers[0]).toMatchObject({ category: "Paid", priceCurrency: "INR" });
    expect(jsonLd.hasCourseInstance[0].courseMode).toBeTruthy();
    expect(jsonLd.hasCourseInstance[0].location.address.addressLocality).toBe("Bengaluru");
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("syllabus sections open one at a time, and clicking the open one closes it", async ({ page }) => {
    await page.goto("/courses/embedded");
    const sections = page.locator(".syllabus-item");
    const first = sections.nth(0);
    const second = sections.nth(1);
    await first.locator("summary").click();
    await expect(first).toHaveAttribute("open", "");
    await expect(first.getByRole("listitem").first()).toBeVisible();
    await second.locator("summary").click();
    await expect(second).toHaveAttribute("open", "");
    await expect(first).not.toHaveAttribute("open", "");
    await second.locator("summary").click();
    await expect(second).not.toHaveAttribute("open", "");
  });

  test("the mobile menu opens and its sub-menus lead to pages", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const mainNav = page.getByRole("navigation", { name: "Main" });
    await expect(mainNav).toBeHidden();
    await page.getByText("Menu", { exact: true }).click();
    await expect(mainNav).toBeVisible();
    await mainNav.getByText("Courses", { exact: true }).click();
    await mainNav.getByRole("link", { name: "IoT" }).click();
    await expect(page).toHaveURL(/\/courses\/iot$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("IoT");
  });

  test("desktop sub-menus open on hover and keyboard focus", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    const mainNav = page.getByRole("navigation", { name: "Main" });
    const founder = mainNav.getByRole("link", { name: "Founder & Chairman" });
    await expect(founder).toBeHidden();
    await mainNav.getByText("About", { exact: true }).hover();
    await expect(founder).toBeVisible();
    await page.mouse.move(1200, 700);
    await expect(founder).toBeHidden();
    await mainNav.getByText("Placement", { exact: true }).focus();
    await expect(mainNav.getByRole("link", { name: "Our Placement Partners" })).toBeVisible();
  });
});

test("the floating icon links reach every channel", async ({ page }) => {
  await page.goto("/about/facilities");
  const links = page.getByRole("navigation", { name: "Contact and social links" });
  await expect(links.getByRole("link", { name: /video/i })).toHaveAttribute("href", site.links.video);
  await expect(links.getByRole("link", { name: "Facebook" })).toHaveAttribute("href", site.links.facebook);
  await expect(links.getByRole("link", { name: "Twitter" })).toHaveAttribute("href", site.links.twitter);
  await expect(links.getByRole("link", { name: "LinkedIn" })).toHaveAttribute("href", site.links.linkedin);
  await expect(links.getByRole("link", { name: "Instagram" })).toHaveAttribute("href", site.links.instagram);
  await expect(links.getByRole("link", { name: /e-mail/i })).toHaveAttribute("href", `mailto:${site.email}`);
  const whatsapp = await links.getByRole("link", { name: /whatsapp/i }).getAttribute("href");
  expect(whatsapp).toBe(`https://wa.me/${site.whatsapp.number}?text=${encodeURIComponent(site.whatsapp.message)}`);
  await expect(links.getByRole("link", { name: /call/i })).toHaveAttribute("href", /^tel:\+91\d{10}$/);
});

test("the icons turn with scroll progress x index x 360 degrees", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/courses/embedded");
  const angle = (index: number) =>
    page
      .locator(".floating-link")
      .nth(index)
      .evaluate((el) => {
        const matrix = new DOMMatrix(getComputedStyle(el).transform);
        return Math.round((Math.atan2(matrix.b, matrix.a) * 180) / Math.PI);
      });
  expect(await angle(1)).toBe(0);
  await page.evaluate(() => window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) / 4));
  await page.waitForTimeout(100);
  // A quarter of the way down: icon 1 has turned 90 degrees, icon 2 180 degrees.
  expect(Math.abs((await angle(1)) - 90)).toBeLessThanOrEqual(3);
  expect(Math.abs(Math.abs(await angle(2)) - 180)).toBeLessThanOrEqual(3);
});

test.describe("with reduced motion", () => {
  test.use({ reducedMotion: "reduce" });
  test("icons and hero stay still", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    const transform = await page
      .locator(".floating-link")
      .nth(3)
      .evaluate((el) => getComputedStyle(el).transform);
    expect(transform).toBe("none");
    const animation = await page
      .locator(".hero-slide")
      .first()
      .evaluate((el) => getComputedStyle(el).animationName);
    expect(animation).toBe("none");
  });
});

test("the hero shows seven slides, one every 2.5 seconds", async ({ page }) => {
  await page.goto("/");
  const slides = page.locator(".hero-slide");
  await expect(slides).toHaveCount(7);
  const timing = await slides.nth(0).evaluate((el) => getComputedStyle(el).animationDuration);
  expect(timing).toBe("17.5s");
  const visible = async () =>
    slides.evaluateAll((els) => els.map((el) => Number(getComputedStyle(el).opacity) > 0.5).indexOf(true));
  expect(await visible()).toBe(0);
  await page.waitForTimeout(2700);
  expect(await visible()).toBe(1);
});

test.describe("old and mis-cased links", () => {
  const cases: Array<[string, string]> = [
    ["/courses/IoT", "/courses/iot"],
    ["/courses/Iot", "/courses/iot"],
    ["/courses/Ai", "/courses/ai"],
    ["/about/Admissions", "/about/admissions"],
    ["/about/Bytes-in-bits", "/about/bytes-in-bits"],
    ["/Login", "/login"],
    ["/Contact", "/contact"],
    ["/Industry-Partnership", "/industry-partnership"],
    ["/contact/", "/contact"],
    ["/Online/Register?course=iot", "/online/register?course=iot"],
  ];
  for (const [from, to] of cases) {
    test(`${from} answers 301 to ${to}`, async ({ request }) => {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      expect(response.headers().location).toBe(to);
    });
  }
});

test("a path starting with two slashes never redirects off the site", async ({ baseURL }) => {
  const url = new URL(baseURL ?? "");
  const location = await new Promise<string | undefined>((resolve, reject) => {
    httpRequest({ host: url.hostname, port: url.port, path: "//evil.example/" }, (response) => {
      response.resume();
      resolve(response.headers.location);
    })
      .on("error", reject)
      .end();
  });
  expect(location).toBe("/evil.example");
});

test("an unknown URL gets the product's 404 page with navigation and course links", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("We could not find that page");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeAttached();
  for (const course of courses) {
    await expect(
      page.getByRole("main").getByRole("link", { name: new RegExp(escapeRegExp(course.title)) }),
    ).toHaveAttribute("href", `/courses/${course.id}`);
  }
  const unknownCourse = await page.goto("/courses/cobol");
  expect(unknownCourse?.status()).toBe(404);
});

test("sitemap lists every public URL and robots.txt points to it", async ({ request, baseURL }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  for (const path of publicPaths) expect(sitemap).toContain(`<loc>${baseURL}${path}</loc>`);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test("home has EducationalOrganization and admissions an ItemList of five courses", async ({ page }) => {
  await page.goto("/");
  const home = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(home["@type"]).toBe("EducationalOrganization");
  await page.goto("/about/admissions");
  const list = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(list["@type"]).toBe("ItemList");
  expect(list.itemListElement).toHaveLength(5);
});

test("reviews: eight, each rated 5 out of 5 for assistive technology", async ({ page }) => {
  await page.goto("/about/review");
  await expect(page.getByRole("img", { name: "Rated 5 out of 5" })).toHaveCount(8);
});

test("security headers on public pages, form pages and the staff login", async ({ request }) => {
  for (const path of ["/", "/courses/iot", "/contact", "/login", "/no-such-page"]) {
    const headers = (await request.get(path)).headers();
    const csp = headers["content-security-policy"] ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("frame-src https://www.google.com");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
    expect(headers["x-powered-by"]).toBeUndefined();
  }
});

test("a form page's script carries the response's nonce", async ({ request }) => {
  const response = await request.get("/contact");
  const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
  expect(nonce).toBeTruthy();
  expect(await response.text()).toContain(`nonce="${nonce}"`);
});
