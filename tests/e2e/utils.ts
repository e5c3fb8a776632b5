import { test as base, expect } from "@playwright/test";

/** Any console error or uncaught page error fails the test. */
export const test = base.extend<{ failOnConsoleErrors: void }>({
  failOnConsoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use();
      expect(errors, "console errors on the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
