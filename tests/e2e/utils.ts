import { test as base, expect } from "@playwright/test";

/**
 * Any console error or uncaught page error fails the test, except Chromium's own
 * note that the document itself answered 4xx (a form answered 400, the 404 page):
 * that status is the point of those pages.
 */
export const test = base.extend<{ failOnConsoleErrors: void }>({
  failOnConsoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const documentStatus = /Failed to load resource: the server responded with a status of 4\d\d/.test(message.text());
        const location = message.location().url.split("#")[0];
        if (documentStatus && location === page.url().split("#")[0]) return;
        errors.push(`${message.text()} (${message.location().url})`);
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use();
      expect(errors, "console errors on the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
