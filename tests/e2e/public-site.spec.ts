// The public website as a visitor and a search engine meet it: every page, its title and
// description, the menus, the syllabus accordion, the icon links, motion, structured data,
// old links and the 404 page, with JavaScript on and off.
import { request as httpRequest } from "node:http";
import type { Page } from "@playwright/test";
import { site } from "../../app/config/site";
import { courses } from "../../app/site/content/courses";
import { reviews } from "../../app/site/content/reviews";
import { publicPaths } from "../../app/site/public-pages";
import { escapeRegExp, expect, holdAnimationsAt, nextFrames, test } from "./utils";

const pagesWithForms = new Set(["/contact", "/online/register", "/login"]);

/** Every public page's title, as the browser tab shows it. */
const titles: Record<string, string> = {
  "/": `${site.name} | Connecting The Dots......`,
  "/about/founder-chairman": `${site.name} | Founder & Chairman`,
  "/about/admissions": `Admissions: upcoming new batches | ${site.name}`,
  "/about/facilities": `Facilities | ${site.name}`,
  "/about/events": `Events | ${site.name}`,
  "/about/bytes-in-bits": `Bytes in bits: about, mission and vision | ${site.name}`,
  "/about/review": `Student reviews | ${site.name}`,
  "/our-placements": `Recent Placements | ${site.name}`,
  "/industry-partnership": `Our Placement Partners | ${site.name}`,
  "/courses/embedded": `Embedded Systems course | ${site.name}`,
  "/courses/iot": `Internet of Things (IoT) course | ${site.name}`,
  "/courses/fullstack": `Python Fullstack Development course | ${site.name}`,
  "/courses/ai": `Artificial Intelligence course | ${site.name}`,
  "/courses/matlab": `MATLAB course | ${site.name}`,
  "/contact": `Contact us | ${site.name}`,
  "/online/register": `Register now | ${site.name}`,
  "/login": `Staff login | ${site.name}`,
  "/privacy": `Privacy notice | ${site.name}`,
};

/** The top navigation of the product brief: menus, their items and where each leads. */
const navigation: Array<{ label: string; href?: string; items?: Array<[string, string]> }> = [
  { label: "HOME", href: "/" },
  {
    label: "About",
    items: [
      ["Founder & Chairman", "/about/founder-chairman"],
      ["Admissions", "/about/admissions"],
      ["Facilities", "/about/facilities"],
      ["Events", "/about/events"],
      ["Bytes in bits", "/about/bytes-in-bits"],
    ],
  },
  {
    label: "Courses",
    items: [
      ["Embedded", "/courses/embedded"],
      ["IoT", "/courses/iot"],
      ["Python Fullstack", "/courses/fullstack"],
      ["AI", "/courses/ai"],
      ["MATLAB", "/courses/matlab"],
      ["Login", "/login"],
    ],
  },
  {
    label: "Placement",
    items: [
      ["Our placements", "/our-placements"],
      ["Testimonial", "/about/review"],
      ["Our Placement Partners", "/industry-partnership"],
    ],
  },
  { label: "CONTACT US", href: "/contact" },
];

/** The floating icon links, top to bottom: accessible name and address. */
const iconLinks: Array<[string, string]> = [
  ["Watch our institute video", site.links.video],
  ["Facebook", site.links.facebook],
  ["Twitter", site.links.twitter],
  ["LinkedIn", site.links.linkedin],
  ["Instagram", site.links.instagram],
  [`E-mail ${site.email}`, `mailto:${site.email}`],
  [
    "Chat with us on WhatsApp",
    `https://wa.me/${site.whatsapp.number}?text=${encodeURIComponent(site.whatsapp.message)}`,
  ],
  [`Call ${site.phone}`, `tel:${site.phone.replace(/\s+/g, "")}`],
];

const trailingItems = ["Project & Assessment", "Course complete certificate", "placements"];

function jsonLd(page: Page): Promise<Array<Record<string, unknown>>> {
  return page
    .locator('script[type="application/ld+json"]')
    .allTextContents()
    .then((texts) => texts.map((text) => JSON.parse(text)));
}

test("every public page has a title of its own", () => {
  expect(Object.keys(titles).sort()).toEqual([...publicPaths].sort());
  expect(new Set(Object.values(titles)).size).toBe(publicPaths.length);
});

test.describe("every public page", () => {
  for (const path of publicPaths) {
    test(`${path}: title, description, canonical link, Open Graph and the site around it`, async ({
      page,
      baseURL,
    }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(titles[path] ?? "");
      const description = (await page.locator('meta[name="description"]').getAttribute("content")) ?? "";
      expect(description.length).toBeGreaterThanOrEqual(70);
      expect(description.length).toBeLessThanOrEqual(160);
      const canonical = `${baseURL}${path === "/" ? "/" : path}`;
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", canonical);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", titles[path] ?? "");
      await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", description);
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", canonical);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
        "content",
        /^https?:\/\/.+\.(png|jpe?g)$/,
      );
      await expect(page.locator('meta[name="robots"]')).toHaveCount(0);

      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(page.getByRole("navigation", { name: "Main" })).toBeAttached();
      const footer = page.getByRole("contentinfo");
      await expect(footer).toContainText(site.blurb);
      await expect(footer).toContainText(site.address.street);
      // Each branch with what is known of it and a plain link to its map; no map frame on every page.
      await expect(footer.locator("iframe")).toHaveCount(0);
      for (const branch of site.branches) {
        await expect(footer.getByRole("heading", { name: new RegExp(`^${branch.name} branch`) })).toBeVisible();
        if (branch.mapUrl) {
          await expect(footer.getByRole("link", { name: `Map of the ${branch.name} branch` })).toHaveAttribute(
            "href",
            branch.mapUrl,
          );
        }
      }
      await expect(page.getByRole("navigation", { name: "Contact and social links" }).getByRole("link")).toHaveCount(8);
      // Every picture has its size set, so nothing jumps while it loads.
      for (const img of await page.locator("img").all()) {
        expect(await img.getAttribute("width")).toMatch(/^\d+$/);
        expect(await img.getAttribute("height")).toMatch(/^\d+$/);
      }
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
        expect(await page.locator("[onclick], [onload], [onerror], [onmouseover]").count()).toBe(0);
      });
    }
  }

  // On a slow network each request before the first paint delays it (decision 017): the header's
  // logo and the tab's icon are drawn from the page itself, and pictures that are not a page's
  // largest paint load lazily.
  test("the logo and the tab icon come with the page, and only the largest picture is fetched eagerly", async ({
    page,
  }) => {
    for (const path of publicPaths) {
      await page.goto(path);
      await expect(
        page.getByRole("link", { name: new RegExp(`^${escapeRegExp(site.name)}`) }).locator("svg"),
      ).toBeVisible();
      await expect(page.locator("header img")).toHaveCount(0);
      const icons = await page
        .locator('link[rel="icon"]')
        .evaluateAll((links) => links.map((l) => l.getAttribute("href")));
      const inPage = icons.filter((href) => href !== "/favicon.ico");
      expect(inPage.length, path).toBeGreaterThan(0);
      // A picture, not an SVG: Chromium would draw that as a document of its own on the page's main thread.
      expect(
        inPage.every((href) => href?.startsWith("data:") && !href.startsWith("data:image/svg")),
        path,
      ).toBe(true);
      const eager = await page
        .locator('main img:not([loading="lazy"])')
        .evaluateAll((imgs) => imgs.map((img) => img.getAttribute("fetchpriority") ?? ""));
      // The largest picture asks for high priority; besides it, at most the one picture at the top of a page of sections.
      expect(eager.filter((priority) => priority !== "high").length, path).toBeLessThanOrEqual(1);
    }
  });

  test("descriptions differ from page to page", async ({ request }) => {
    const all = await Promise.all(
      publicPaths.map(async (path) => {
        const html = await (await request.get(path)).text();
        return /<meta name="description" content="([^"]+)"/.exec(html)?.[1];
      }),
    );
    expect(all.every(Boolean)).toBe(true);
    expect(new Set(all).size).toBe(publicPaths.length);
  });
});

test("the main navigation holds every menu and sub-menu of the brief", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const entry of navigation) {
    if (entry.href) {
      await expect(nav.getByRole("link", { name: entry.label, exact: true })).toHaveAttribute("href", entry.href);
      continue;
    }
    await expect(nav.getByRole("button", { name: entry.label, exact: true })).toBeVisible();
    for (const [label, href] of entry.items ?? []) {
      await expect(nav.getByRole("link", { name: label, exact: true, includeHidden: true })).toHaveAttribute(
        "href",
        href,
      );
    }
  }
});

for (const javaScriptEnabled of [true, false]) {
  const js = javaScriptEnabled ? "on" : "off";

  test.describe(`desktop sub-menus with JavaScript ${js}`, () => {
    test.use({ javaScriptEnabled, viewport: { width: 1280, height: 900 } });

    // The contact page loads the form script; the home page none.
    for (const path of ["/", "/contact"]) {
      test(`${path}: a sub-menu opens on click or Enter, one at a time, and closes on Escape or a click outside`, async ({
        page,
      }) => {
        await page.goto(path);
        const nav = page.getByRole("navigation", { name: "Main" });
        const about = nav.getByRole("button", { name: "About" });
        const courses = nav.getByRole("button", { name: "Courses" });
        const placement = nav.getByRole("button", { name: "Placement" });
        const founder = nav.getByRole("link", { name: "Founder & Chairman" });
        const iot = nav.getByRole("link", { name: "IoT", exact: true });
        const partners = nav.getByRole("link", { name: "Our Placement Partners" });

        // Pointing at a heading opens nothing that could cover the page (WCAG 1.4.13).
        await about.hover();
        await expect(founder).toBeHidden();

        // Click: it stays open without the pointer; opening another closes it; a second click closes it.
        await courses.click();
        await page.mouse.move(640, 800);
        await expect(iot).toBeVisible();
        await placement.click();
        await expect(partners).toBeVisible();
        await expect(iot).toBeHidden();
        await placement.click();
        await expect(partners).toBeHidden();
        // A click outside closes it.
        await courses.click();
        await expect(iot).toBeVisible();
        await page.mouse.click(640, 800);
        await expect(iot).toBeHidden();

        // Keyboard: Tab walks the headings without opening any, so the way to the page is short.
        await page.goto(path);
        const tabs: string[] = [];
        for (;;) {
          await page.keyboard.press("Tab");
          const where = await page.evaluate(() => ({
            inMain: document.activeElement?.closest("main") !== null,
            open: document.querySelectorAll(":popover-open").length,
            // biome-ignore lint/performance/useDomNodeTextContent: the text as shown, without its hidden parts
            text: (document.activeElement as HTMLElement | null)?.innerText.replace(/\s+/g, " ").trim() ?? "",
          }));
          expect(where.open, `a menu opened on focus of "${where.text}"`).toBe(0);
          if (where.inMain) break;
          tabs.push(where.text);
          if (tabs.length > 12) throw new Error(`Tab did not reach the page after ${tabs.join(" | ")}`);
        }
        expect(tabs).toEqual([
          "Skip to content",
          `${site.name} ${site.tagline}`,
          "HOME",
          "About",
          "Courses",
          "Placement",
          "CONTACT US",
          "Apply now",
        ]);

        // Enter opens a sub-menu and Tab goes into it; Escape closes it and leaves focus on its heading.
        await about.focus();
        await page.keyboard.press("Enter");
        await expect(founder).toBeVisible();
        await page.keyboard.press("Tab");
        await expect(founder).toBeFocused();
        await page.keyboard.press("Escape");
        await expect(founder).toBeHidden();
        await expect(about).toBeFocused();
        // Past a closed sub-menu, Tab goes to the next heading; opening it closes any other.
        await page.keyboard.press("Enter");
        await expect(founder).toBeVisible();
        await courses.focus();
        await page.keyboard.press("Enter");
        await expect(iot).toBeVisible();
        await expect(founder).toBeHidden();
        await page.keyboard.press("Tab");
        await expect(nav.getByRole("link", { name: "Embedded", exact: true })).toBeFocused();
        await page.keyboard.press("Enter");
        await expect(page).toHaveURL(/\/courses\/embedded$/);
      });
    }
  });

  test.describe(`phone menu with JavaScript ${js}`, () => {
    test.use({ javaScriptEnabled, viewport: { width: 390, height: 844 } });

    test("the toggle shows and hides the menu with every section's links, and a tap outside closes it", async ({
      page,
    }) => {
      await page.goto("/about/events");
      const nav = page.getByRole("navigation", { name: "Main" });
      const toggle = page.getByRole("button", { name: "Menu" });
      await expect(toggle).toBeVisible();
      await expect(nav).toBeHidden();
      await toggle.click();
      await expect(nav).toBeVisible();
      for (const entry of navigation) {
        if (entry.href) await expect(nav.getByRole("link", { name: entry.label, exact: true })).toBeVisible();
        else await expect(nav.getByText(entry.label, { exact: true }).filter({ visible: true })).toBeVisible();
        for (const [label] of entry.items ?? []) {
          await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
        }
      }
      // The menu fits the phone: nothing sticks out sideways, and its end can be reached.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expect(nav.getByRole("link", { name: "CONTACT US" })).toBeInViewport();
      // A tap on the page below closes the menu; the toggle opens and closes it.
      const box = await nav.boundingBox();
      const below = (box?.y ?? 0) + (box?.height ?? 0) + 10;
      expect(below, "the open menu leaves some of the page to tap").toBeLessThan(844);
      await page.mouse.click(100, below);
      await expect(nav).toBeHidden();
      await toggle.click();
      await expect(nav).toBeVisible();
      await toggle.click();
      await expect(nav).toBeHidden();
      await toggle.click();
      await nav.getByRole("link", { name: "IoT", exact: true }).click();
      await expect(page).toHaveURL(/\/courses\/iot$/);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("IoT");
    });

    test("by keyboard: closed, the menu is one stop on the way to the page; Enter opens it, Escape closes it", async ({
      page,
    }) => {
      await page.goto("/about/events");
      const nav = page.getByRole("navigation", { name: "Main" });
      const toggle = page.getByRole("button", { name: "Menu" });
      const tabs: string[] = [];
      for (;;) {
        await page.keyboard.press("Tab");
        const where = await page.evaluate(() => ({
          inMain: document.activeElement?.closest("main") !== null,
          // biome-ignore lint/performance/useDomNodeTextContent: the text as shown, without its hidden parts
          text: (document.activeElement as HTMLElement | null)?.innerText.replace(/\s+/g, " ").trim() ?? "",
        }));
        if (where.inMain) break;
        tabs.push(where.text);
        if (tabs.length > 8) throw new Error(`Tab did not reach the page after ${tabs.join(" | ")}`);
      }
      expect(tabs).toEqual(["Skip to content", site.name, "Menu", "Apply"]);

      await toggle.focus();
      await page.keyboard.press("Enter");
      await expect(nav).toBeVisible();
      await page.keyboard.press("Tab");
      await expect(nav.getByRole("link", { name: "HOME" })).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(nav.getByRole("link", { name: "Founder & Chairman" })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(nav).toBeHidden();
      await expect(toggle).toBeFocused();
      // Space opens it too, and Enter on a link follows it.
      await page.keyboard.press("Space");
      await expect(nav).toBeVisible();
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/about\/founder-chairman$/);
    });
  });

  test.describe(`syllabus accordion with JavaScript ${js}`, () => {
    test.use({ javaScriptEnabled });

    test("one section open at a time, and clicking the open one closes it", async ({ page }) => {
      await page.goto("/courses/ai");
      const course = courses.find((c) => c.id === "ai");
      const [first, second] = course?.syllabus ?? [];
      if (!first || !second) throw new Error("the AI course needs two syllabus sections");
      const firstTopic = page.getByText(first.topics[0] ?? "", { exact: true });
      const secondTopic = page.getByText(second.topics[0] ?? "", { exact: true });
      await expect(firstTopic).toBeHidden();
      await expect(secondTopic).toBeHidden();

      await page.getByText(first.title, { exact: true }).click();
      await expect(firstTopic).toBeVisible();
      await page.getByText(second.title, { exact: true }).click();
      await expect(secondTopic).toBeVisible();
      await expect(firstTopic).toBeHidden();
      await page.getByText(second.title, { exact: true }).click();
      await expect(secondTopic).toBeHidden();
      await expect(firstTopic).toBeHidden();

      // The keyboard works the same way.
      await page.getByText(first.title, { exact: true }).focus();
      await page.keyboard.press("Enter");
      await expect(firstTopic).toBeVisible();
      await page.keyboard.press("Enter");
      await expect(firstTopic).toBeHidden();

      for (const item of trailingItems) await expect(page.getByText(item, { exact: true })).toBeVisible();
    });
  });
}

test("the AI course has its own syllabus and title, not the embedded one's", async ({ page }) => {
  await page.goto("/courses/ai");
  const aiTitle = await page.title();
  const aiHeading = await page.getByRole("heading", { level: 1 }).textContent();
  const aiSections = await page.locator("details[name=syllabus] > summary").allTextContents();
  await page.goto("/courses/embedded");
  expect(await page.title()).not.toBe(aiTitle);
  expect(await page.getByRole("heading", { level: 1 }).textContent()).not.toBe(aiHeading);
  const embeddedSections = await page.locator("details[name=syllabus] > summary").allTextContents();
  expect(aiSections.filter((s) => embeddedSections.includes(s))).toEqual([]);
});

for (const course of courses) {
  test(`course page ${course.id}: syllabus, duration, trailing items, register link, structured data`, async ({
    page,
    baseURL,
  }) => {
    await page.goto(`/courses/${course.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(course.title);
    const sections = page.locator("details[name=syllabus]");
    expect(course.syllabus.length).toBeGreaterThanOrEqual(8);
    await expect(sections).toHaveCount(course.syllabus.length);
    for (const [index, section] of course.syllabus.entries()) {
      await expect(sections.nth(index).locator("summary")).toHaveText(section.title);
      expect(section.topics.length).toBeGreaterThanOrEqual(4);
    }
    await expect(page.getByText(course.duration, { exact: true }).first()).toBeVisible();
    // The three fixed items come after the course's own sections, in this order.
    const fixed = page.getByText(new RegExp(`^(${trailingItems.map(escapeRegExp).join("|")})$`));
    await expect(fixed).toHaveText(trailingItems);
    const lastSectionBottom = (await sections.last().boundingBox())?.y ?? 0;
    expect((await fixed.first().boundingBox())?.y ?? 0).toBeGreaterThan(lastSectionBottom);

    const register = page.getByRole("link", { name: "Register now" });
    expect(await register.count()).toBeGreaterThanOrEqual(1);
    for (const link of await register.all()) {
      await expect(link).toHaveAttribute("href", `/online/register?course=${course.id}`);
    }

    const [data] = await jsonLd(page);
    expect(data).toMatchObject({
      "@type": "Course",
      name: course.title,
      description: course.description,
      provider: { name: site.name, url: `${baseURL}/` },
      offers: [{ "@type": "Offer", category: "Paid", priceCurrency: "INR" }],
    });
    // The fee in the structured data is the one the page shows (the lowest of the batches, if any).
    const offers = (data?.offers ?? []) as Array<{ price: number }>;
    const fee = offers[0]?.price ?? 0;
    await expect(page.locator(".fact").getByText(`₹${fee.toLocaleString("en-IN")}`)).toBeVisible();
    const instances = data?.hasCourseInstance as Array<Record<string, unknown>>;
    expect(instances.length).toBeGreaterThanOrEqual(1);
    for (const instance of instances) {
      expect(instance).toMatchObject({
        "@type": "CourseInstance",
        courseSchedule: { "@type": "Schedule", repeatFrequency: "Weekly" },
        offers: { category: "Paid", priceCurrency: "INR" },
      });
      if (instance.courseMode === "Online") expect(instance.location).toMatchObject({ "@type": "VirtualLocation" });
      else {
        expect(instance.courseMode).toBe("Onsite");
        expect(instance.location).toMatchObject({ "@type": "Place", address: { addressCountry: "IN" } });
      }
      expect(instance.courseWorkload).toMatch(/^PT\d+H(\d+M)?$/);
      expect((instance.courseSchedule as { duration: string }).duration).toMatch(/^PT\d+H(\d+M)?$/);
      // Weeks of the course, not days.
      expect((instance.courseSchedule as { repeatCount: number }).repeatCount).toBeLessThan(53);
    }
  });
}

test("a course's structured data describes each upcoming batch the page lists", async ({ page }) => {
  // The demo database announces IoT batches; none for AI.
  await page.goto("/courses/iot");
  const listed = page.locator(".batch-card");
  expect(await listed.count()).toBeGreaterThanOrEqual(1);
  const [iot] = await jsonLd(page);
  const instances = (iot?.hasCourseInstance ?? []) as Array<Record<string, string>>;
  expect(instances).toHaveLength(await listed.count());
  for (const [index, instance] of instances.entries()) {
    const date = new Date(`${instance.startDate}T00:00:00Z`);
    const day = date.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
    await expect(listed.nth(index)).toContainText(day);
  }
  await page.goto("/courses/ai");
  await expect(page.getByText("Starting soon").first()).toBeVisible();
  const [ai] = await jsonLd(page);
  for (const instance of (ai?.hasCourseInstance ?? []) as Array<Record<string, unknown>>) {
    expect(instance).not.toHaveProperty("startDate");
  }
});

test("home has the institute as an EducationalOrganization", async ({ page, baseURL }) => {
  await page.goto("/");
  const [data] = await jsonLd(page);
  expect(data).toMatchObject({
    "@context": "https://schema.org",
    "@type": "EducationalOrganization",
    name: site.name,
    slogan: site.tagline,
    url: `${baseURL}/`,
    email: site.email,
    telephone: site.phone,
    address: { "@type": "PostalAddress", streetAddress: site.address.street, addressLocality: "Bengaluru" },
  });
  expect(data?.sameAs).toEqual(Object.values(site.links));
});

test("admissions lists the five courses as an ItemList, each with its start line", async ({ page, baseURL }) => {
  await page.goto("/about/admissions");
  const [data] = await jsonLd(page);
  expect(data).toMatchObject({ "@type": "ItemList" });
  expect(data?.itemListElement).toEqual(
    courses.map((course, index) => ({
      "@type": "ListItem",
      position: index + 1,
      url: `${baseURL}/courses/${course.id}`,
      name: course.title,
    })),
  );
  for (const course of courses) {
    const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: course.title }) });
    await expect(card.getByText(/^Next batch: /)).toBeVisible();
    await expect(card.getByRole("link", { name: /Register Now !/ })).toHaveAttribute("href", `/courses/${course.id}`);
  }
  await expect(page.getByText("Next batch: Starting soon").first()).toBeVisible();
});

test("home shows the hero, the intro and the five trending courses with Register Now ! links", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(site.name);
  await expect(page.getByText(site.tagline).first()).toBeVisible();
  for (const words of ["Small classes", "Experienced instructors", "Hands-on training", "Placement support"]) {
    await expect(page.getByRole("heading", { name: words })).toBeVisible();
  }
  const trending = page.getByRole("list", { name: "Trending courses" });
  for (const course of courses) {
    const card = trending.getByRole("article").filter({ has: page.getByRole("heading", { name: course.title }) });
    await expect(card.getByRole("img")).toHaveAttribute("alt", course.image.alt);
    await expect(card.getByRole("link", { name: /Register Now !/ })).toHaveAttribute("href", `/courses/${course.id}`);
  }
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`the footer loads nothing from the map's site, and links each known branch's map (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const mapRequests: string[] = [];
    await page.route("https://www.google.com/**", (route) => {
      mapRequests.push(route.request().url());
      return route.abort();
    });
    await page.goto("/about/review");
    const footer = page.getByRole("contentinfo");
    const map = footer.getByRole("link", { name: "Map of the Bangalore branch" });
    await map.scrollIntoViewIfNeeded();
    await expect(map).toBeVisible();
    await expect(footer.locator("iframe")).toHaveCount(0);
    await page.waitForLoadState("networkidle");
    expect(mapRequests).toEqual([]);
  });
}

test("the floating icon links reach every channel, each with an accessible name", async ({ page }) => {
  await page.goto("/about/facilities");
  const links = page.getByRole("navigation", { name: "Contact and social links" }).getByRole("link");
  await expect(links).toHaveCount(iconLinks.length);
  for (const [index, [name, href]] of iconLinks.entries()) {
    await expect(links.nth(index)).toHaveAccessibleName(name);
    await expect(links.nth(index)).toHaveAttribute("href", href);
    await expect(links.nth(index)).toBeVisible();
    if (href.startsWith("http")) {
      await expect(links.nth(index)).toHaveAttribute("target", "_blank");
      await expect(links.nth(index)).toHaveAttribute("rel", /noopener/);
    }
  }
  // The WhatsApp message asks about courses.
  expect(decodeURIComponent(iconLinks[6]?.[1].split("text=")[1] ?? "")).toMatch(/courses/);
});

for (const width of [390, 1024, 1280, 1366]) {
  test(`the icon column never covers the page's text or form fields at ${width} px, on any public page`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 844 });
    for (const path of [...publicPaths, "/contact?submitted=1"]) {
      await page.goto(path);
      const column = await page.getByRole("navigation", { name: "Contact and social links" }).boundingBox();
      if (!column) throw new Error(`${path}: no icon column`);
      // The column is fixed to the window, so as the page scrolls it passes over every line between
      // its top (scrolled to the top) and the page's end (scrolled to the end): nothing there may
      // reach under it. Text is measured line by line, fields as their boxes.
      const covered = await page.evaluate((icons) => {
        const scrollHeight = document.documentElement.scrollHeight;
        const reach = { top: icons.y, bottom: scrollHeight - (window.innerHeight - (icons.y + icons.height)) };
        const boxes: { what: string; rect: DOMRect }[] = [];
        const main = document.querySelector("main");
        if (!main) return ["no main"];
        const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim()) continue;
          // Text only screen readers get (a 1 px clipped box) is never drawn under the icons.
          const holder = node.parentElement?.getBoundingClientRect();
          if (holder && (holder.width <= 1 || holder.height <= 1)) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const rect of range.getClientRects()) boxes.push({ what: node.textContent.trim().slice(0, 40), rect });
        }
        for (const field of main.querySelectorAll("input:not([type=hidden]), select, textarea, button")) {
          boxes.push({
            what: `<${field.localName} ${field.getAttribute("name") ?? ""}>`,
            rect: field.getBoundingClientRect(),
          });
        }
        return boxes
          .filter(({ rect }) => rect.width > 0 && rect.height > 0)
          .filter(({ rect }) => {
            const top = rect.top + window.scrollY;
            const bottom = rect.bottom + window.scrollY;
            return (
              rect.right > icons.x + 0.5 &&
              rect.left < icons.x + icons.width &&
              bottom > reach.top &&
              top < reach.bottom
            );
          })
          .map(({ what, rect }) => `"${what}" reaches x ${Math.round(rect.right)} (icons from ${Math.round(icons.x)})`);
      }, column);
      expect(covered, path).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width);
    }
  });
}

test("the icons turn with scroll progress x index x 360 degrees", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/courses/embedded");
  const angle = (index: number) =>
    page
      .getByRole("navigation", { name: "Contact and social links" })
      .getByRole("link")
      .nth(index)
      .evaluate((el) => {
        const matrix = new DOMMatrix(getComputedStyle(el).transform);
        return Math.round((Math.atan2(matrix.b, matrix.a) * 180) / Math.PI);
      });
  expect(await angle(1)).toBe(0);
  await page.evaluate(() =>
    window.scrollTo({ top: (document.documentElement.scrollHeight - window.innerHeight) / 4, behavior: "instant" }),
  );
  await nextFrames(page);
  // A quarter of the way down: icon 0 has not turned, icon 1 has turned 90 degrees, icon 2 180 degrees.
  expect(Math.abs(await angle(0))).toBeLessThanOrEqual(3);
  expect(Math.abs((await angle(1)) - 90)).toBeLessThanOrEqual(3);
  expect(Math.abs(Math.abs(await angle(2)) - 180)).toBeLessThanOrEqual(3);
});

test.describe("with reduced motion", () => {
  test.use({ reducedMotion: "reduce" });
  test("the icons stay still as the page scrolls, and the hero stays on its first slide", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight / 2, behavior: "instant" }));
    await nextFrames(page);
    const transforms = await page
      .getByRole("navigation", { name: "Contact and social links" })
      .getByRole("link")
      .evaluateAll((els) => els.map((el) => getComputedStyle(el).transform));
    expect(transforms).toEqual(iconLinks.map(() => "none"));
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    const slides = page
      .getByRole("list", { name: "Life at the institute" })
      .getByRole("listitem", { includeHidden: true });
    await expect(slides.first().getByRole("img")).toBeVisible();
    // Nothing moves: no slide animation runs, and 2.7 s later the first slide still shows.
    expect(await holdAnimationsAt(page, 2700)).toBe(0);
    await expect(slides.first().getByRole("img")).toBeVisible();
    await expect(slides.nth(1).getByRole("img")).toBeHidden();
  });
});

test("every animation on every public page moves only transform and opacity, which the compositor runs", async ({
  page,
}) => {
  for (const path of publicPaths) {
    await page.goto(path);
    const animated = await page.evaluate(() =>
      document.getAnimations().flatMap((animation) => {
        const effect = animation.effect as KeyframeEffect | null;
        const properties = new Set(
          (effect?.getKeyframes() ?? []).flatMap((frame) =>
            Object.keys(frame).filter((key) => !["offset", "computedOffset", "easing", "composite"].includes(key)),
          ),
        );
        return [...properties].map((property) => `${(animation as CSSAnimation).animationName ?? "?"}: ${property}`);
      }),
    );
    expect(
      animated.filter((entry) => !/: (transform|opacity)$/.test(entry)),
      `${path} animates a property the compositor cannot run`,
    ).toEqual([]);
  }
});

test("the hero rotates through seven slides, one every 2.5 seconds", async ({ page }) => {
  await page.goto("/");
  const slides = page
    .getByRole("list", { name: "Life at the institute" })
    .getByRole("listitem", { includeHidden: true });
  await expect(slides).toHaveCount(7);
  const timing = await slides.nth(0).evaluate((el) => getComputedStyle(el).animationDuration);
  expect(timing).toBe("17.5s");
  const shown = async () =>
    slides.evaluateAll((els) => els.map((el) => Number(getComputedStyle(el).opacity) > 0.5).indexOf(true));
  // The slides held at the page's first moment, then 2.7 s on (the clock of the page's
  // animations moved, not waited for): the first slide, then the second.
  expect(await holdAnimationsAt(page, 0)).toBeGreaterThanOrEqual(7);
  expect(await shown()).toBe(0);
  await expect(slides.first().getByRole("img")).toBeVisible();
  await slides.evaluateAll((els) => {
    for (const animation of els.flatMap((el) => el.getAnimations())) animation.currentTime = 2700;
  });
  expect(await shown()).toBe(1);
  // Faded out, not hidden (the fade runs on the compositor): what shows is the second slide alone.
  const opacities = await slides.evaluateAll((els) => els.map((el) => Number(getComputedStyle(el).opacity)));
  expect(opacities.filter((opacity) => opacity > 0)).toHaveLength(1);
  await expect(slides.nth(1).getByRole("img")).toBeVisible();
});

// A drawing in an <img> is an SVG document of its own, parsed, laid out and painted on the page's
// main thread: the drawings of the photos' places and of the courses come as AVIF copies (decision 017).
test("the drawings load as AVIF copies", async ({ page }) => {
  for (const path of [
    "/",
    "/courses/embedded",
    "/about/admissions",
    "/about/founder-chairman",
    "/about/facilities",
    "/about/events",
  ]) {
    await page.goto(path);
    // Lazy pictures are fetched as they come near the screen.
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += 400) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
    });
    const drawings = page.locator("main picture img");
    expect(await drawings.count(), path).toBeGreaterThan(0);
    await expect
      .poll(
        () =>
          drawings.evaluateAll((imgs) =>
            imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
          ),
        { message: `${path}: every drawing loaded` },
      )
      .toBe(true);
    const sources = await drawings.evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).currentSrc));
    for (const src of sources) {
      expect(src, path).toMatch(/\/images\/(hero|courses|about|facilities|events)\/[a-z0-9-]+-\d+\.avif$/);
    }
  }
});

test.describe("the hero's pause control, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("'Pause slideshow' stops the rotation on the slide shown, and unticking it starts it again", async ({
    page,
  }) => {
    await page.goto("/");
    const slides = page
      .getByRole("list", { name: "Life at the institute" })
      .getByRole("listitem", { includeHidden: true });
    const pause = page.getByRole("checkbox", { name: "Pause slideshow" });
    await expect(pause).toBeVisible();
    await pause.focus();
    await page.keyboard.press("Space");
    await expect(pause).toBeChecked();
    // Away from the pictures, so neither the pointer nor the focus holds them.
    await page.mouse.move(0, 0);
    await pause.blur();
    const playStates = () => slides.evaluateAll((els) => els.map((el) => getComputedStyle(el).animationPlayState));
    expect(new Set(await playStates())).toEqual(new Set(["paused"]));
    // Nothing moves on: the page's clock only moves running animations.
    expect(await holdAnimationsAt(page, 5_000)).toBe(0);
    await expect(slides.first().getByRole("img")).toBeVisible();
    await pause.uncheck();
    await page.mouse.move(0, 0);
    await pause.blur();
    expect(new Set(await playStates())).toEqual(new Set(["running"]));
  });

  test("hovering or focusing the pictures holds them still too", async ({ page }) => {
    await page.goto("/");
    const pictures = page.getByRole("list", { name: "Life at the institute" });
    const playState = () =>
      pictures
        .getByRole("listitem", { includeHidden: true })
        .first()
        .evaluate((el) => getComputedStyle(el).animationPlayState);
    await pictures.hover();
    expect(await playState()).toBe("paused");
    await page.mouse.move(0, 0);
    expect(await playState()).toBe("running");
    await page.getByRole("checkbox", { name: "Pause slideshow" }).focus();
    expect(await playState()).toBe("paused");
  });
});

for (const width of [320, 390]) {
  test(`at ${width} px, the header keeps "Apply" in reach while scrolling, beside the name and the menu`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 700 });
    await page.goto("/courses/embedded");
    await page.evaluate(() => window.scrollTo({ top: 1500, behavior: "instant" }));
    const header = page.getByRole("banner");
    const apply = header.getByRole("link", { name: "Apply" });
    await expect(apply).toBeInViewport();
    const boxes = await Promise.all(
      [header.getByRole("link", { name: site.name }), apply, header.getByText("Menu", { exact: true })].map(
        async (locator) => (await locator.boundingBox()) as { x: number; y: number; width: number; height: number },
      ),
    );
    // One row, nothing over anything else, nothing past the screen's edge.
    for (const [index, box] of boxes.entries()) {
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      const next = boxes[index + 1];
      if (next) expect(box.x + box.width).toBeLessThanOrEqual(next.x);
    }
    await apply.click();
    await expect(page).toHaveURL(/\/online\/register$/);
  });
}

test("on a 390 px phone, a course's facts read on one line each and 'Register now' shows before the description", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const course of courses) {
    await page.goto(`/courses/${course.id}`);
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Register now" }).first()).toBeInViewport();
    for (const value of await main.locator(".fact-list dd").all()) {
      const lines = await value.evaluate((el) =>
        Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
      );
      expect(lines, `${course.id}: ${await value.textContent()}`).toBe(1);
    }
  }
});

test("reviews: eight, each with a name, words and 'Rated 5 out of 5' for assistive technology", async ({ page }) => {
  await page.goto("/about/review");
  await expect(page.getByRole("img", { name: "Rated 5 out of 5" })).toHaveCount(8);
  const figures = page.getByRole("main").getByRole("figure");
  await expect(figures).toHaveCount(8);
  for (const review of reviews) {
    const figure = figures.filter({ hasText: review.name });
    await expect(figure.getByRole("img", { name: "Rated 5 out of 5" })).toBeVisible();
    await expect(figure.getByText(review.text)).toBeVisible();
    await expect(figure.getByText(review.course)).toBeVisible();
  }
});

test("partners, placements, facilities, events and founder pages show their content", async ({ page }) => {
  await page.goto("/industry-partnership");
  const logos = page.getByRole("main").getByRole("img");
  expect(await logos.count()).toBeGreaterThanOrEqual(8);
  for (const logo of await logos.all()) await expect(logo).toHaveAttribute("alt", /logo$/);

  await page.goto("/our-placements");
  const placed = page.getByRole("main").getByRole("article");
  expect(await placed.count()).toBeGreaterThan(0);
  await expect(placed.first().getByText(/LPA$/)).toBeVisible();

  await page.goto("/about/facilities");
  for (const heading of ["Hardware facilities", "Practice labs", "Software resources", "Collaboration and support"]) {
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
  }

  await page.goto("/about/events");
  for (const heading of ["Workshops", "Technical seminars", "Project exhibitions"]) {
    const gallery = page.getByRole("region", { name: heading });
    await expect(gallery.getByRole("figure")).toHaveCount(4);
  }

  await page.goto("/about/founder-chairman");
  await expect(page.getByRole("main").getByRole("img").first()).toHaveAttribute("alt", /portrait/i);
  await expect(page.getByRole("heading", { name: "Why he started the institute" })).toBeVisible();

  await page.goto("/about/bytes-in-bits");
  for (const heading of ["About us", "Our mission", "Our vision"]) {
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
  }
  await expect(page.getByRole("main")).toContainText("Chennai");
  await expect(page.getByRole("main")).toContainText("2014");
  await expect(page.getByRole("main")).toContainText("Bangalore");
  await expect(page.getByRole("main")).toContainText("2021");
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
    ["/courses/embedded/", "/courses/embedded"],
    ["/About/Founder-Chairman/", "/about/founder-chairman"],
  ];
  for (const [from, to] of cases) {
    for (const query of ["", "?utm_source=Flyer&batch=Jan%202027"]) {
      test(`${from}${query} answers 301 to ${to}${query}`, async ({ request }) => {
        const response = await request.get(from + query, { maxRedirects: 0 });
        expect(response.status()).toBe(301);
        expect(response.headers().location).toBe(to + query);
        expect((await request.get(from + query)).status()).toBe(200);
      });
    }
  }
  test("the registration link keeps its course through a mis-cased address", async ({ page }) => {
    await page.goto("/Online/Register?course=iot");
    await expect(page).toHaveURL(/\/online\/register\?course=iot$/);
    await expect(page.getByLabel("Course")).toHaveValue("iot");
  });
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

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the 404 page with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    for (const path of ["/no-such-page", "/courses/cobol", "/about/nothing-here"]) {
      test(`${path} answers 404 with navigation and links to every course`, async ({ page }) => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(404);
        await expect(page).toHaveTitle(`Page not found | ${site.name}`);
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("We could not find that page");
        const nav = page.getByRole("navigation", { name: "Main" });
        await expect(nav.getByRole("link", { name: "HOME" })).toHaveAttribute("href", "/");
        await expect(nav.getByRole("link", { name: "CONTACT US" })).toHaveAttribute("href", "/contact");
        for (const course of courses) {
          await expect(
            page.getByRole("main").getByRole("link", { name: new RegExp(escapeRegExp(course.title)) }),
          ).toHaveAttribute("href", `/courses/${course.id}`);
        }
        await expect(page.getByRole("contentinfo")).toContainText(site.address.street);
        expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);
      });
    }
  });
}

test("sitemap lists exactly the public URLs and robots.txt points to it", async ({ request, baseURL }) => {
  const sitemapResponse = await request.get("/sitemap.xml");
  expect(sitemapResponse.headers()["content-type"]).toContain("application/xml");
  const sitemap = await sitemapResponse.text();
  const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  expect(locations.sort()).toEqual(publicPaths.map((path) => `${baseURL}${path}`).sort());
  const robotsResponse = await request.get("/robots.txt");
  expect(robotsResponse.headers()["content-type"]).toContain("text/plain");
  const robots = await robotsResponse.text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(robots).toContain("Disallow: /admin");
  expect(robots).not.toMatch(/Disallow: \/\s*$/m);
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
