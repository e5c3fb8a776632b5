import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { test as base, type ConsoleMessage, expect, type Page } from "@playwright/test";

/**
 * Any console error or uncaught page error fails the test, except Chromium's own
 * note that the document itself answered 4xx or 5xx (a form answered 400, the 404 page, a fault):
 * that status is the point of those pages.
 */
export const test = base.extend<{ failOnConsoleErrors: undefined }>({
  failOnConsoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const onConsole = (message: ConsoleMessage) => {
        if (message.type() !== "error") return;
        const documentStatus = /Failed to load resource: the server responded with a status of [45]\d\d/.test(
          message.text(),
        );
        // The document itself, or the page's own data request (React Router's .data) answering 4xx.
        const location = message.location().url.split("#")[0] ?? "";
        const own = location === page.url().split("#")[0] || new URL(location, page.url()).pathname.endsWith(".data");
        if (documentStatus && own) return;
        errors.push(`${message.text()} (${message.location().url})`);
      };
      const onPageError = (error: Error) => errors.push(error.message);
      page.on("console", onConsole);
      page.on("pageerror", onPageError);
      await use(undefined);
      // The page is the worker's one page, used again by the next test (playwright.config.ts).
      page.off("console", onConsole);
      page.off("pageerror", onPageError);
      expect(errors, "console errors on the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The port of the site under test; tests that start servers of their own take ports just above it. */
export const e2ePort = Number(process.env.E2E_PORT ?? 3210);

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe-core's violations on the page, one line each. axe is injected as a script, so the test
 * must bypass the page's CSP (`test.use({ bypassCSP: true })`), which rightly refuses it.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected at run time
    const axe = (window as any).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map(
      (v: { id: string; help: string; nodes: { target: string[] }[] }) =>
        `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
    );
  });
}

/**
 * Holds every running animation on the page (CSS animations included) still, `ms` after it
 * began, as if that much time had passed since the page was shown: the hero's slides are
 * checked without waiting for them, and what is read next is what shows at that moment,
 * however slowly the machine runs the test.
 */
export async function holdAnimationsAt(page: Page, ms: number): Promise<number> {
  return page.evaluate((at) => {
    // Time-based ones only: scroll-driven animations follow the scroll position instead.
    const running = document
      .getAnimations()
      .filter((animation) => animation.playState === "running" && animation.timeline === document.timeline);
    for (const animation of running) {
      animation.pause();
      animation.currentTime = at;
    }
    return running.length;
  }, ms);
}

/** Waits for the browser to lay out and paint twice: styles that follow scrolling are up to date. */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}
