// The folder rules of docs/architecture.md, checked on every run: who may import what.
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

const root = path.resolve(".");
const domains = ["site", "admissions", "staff", "insight", "privacy"];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

interface Import {
  from: string;
  to: string;
  typeOnly: boolean;
}

/** Every import of a file, resolved to a path relative to the repository ("app/platform/csv"). */
function importsOf(file: string): Import[] {
  const text = fs.readFileSync(file, "utf8");
  const found: Import[] = [];
  for (const match of text.matchAll(/^(import|export)\s+(type\s+)?[^;]*?from\s+"([^"]+)"/gms)) {
    const spec = match[3] as string;
    let target: string;
    if (spec.startsWith("~/")) target = path.join("app", spec.slice(2));
    else if (spec.startsWith(".")) target = path.relative(root, path.resolve(path.dirname(file), spec));
    else continue;
    found.push({ from: path.relative(root, file), to: target.replace(/\.(ts|tsx)$/, ""), typeOnly: !!match[2] });
  }
  return found;
}

const imports = [...sourceFiles(path.join(root, "app")), ...sourceFiles(path.join(root, "http"))].flatMap(importsOf);
const part = (file: string) => {
  const [top, second] = file.split(path.sep);
  return top === "app" ? (second ?? "") : (top ?? "");
};

it("finds the house's imports", () => {
  expect(imports.length).toBeGreaterThan(300);
});

it("imports a route from nowhere but the URL map", () => {
  const wrong = imports.filter(
    (i) => part(i.to) === "routes" && part(i.from) !== "routes" && i.from !== "app/routes.ts",
  );
  expect(wrong).toEqual([]);
});

it("keeps the domains and the platform away from routes and the HTTP layer", () => {
  const wrong = imports.filter(
    (i) => [...domains, "platform", "components"].includes(part(i.from)) && ["routes", "http"].includes(part(i.to)),
  );
  expect(wrong).toEqual([]);
});

it("lets the platform name a domain's types only", () => {
  const wrong = imports.filter((i) => part(i.from) === "platform" && domains.includes(part(i.to)) && !i.typeOnly);
  expect(wrong).toEqual([]);
});

it("keeps server-only modules out of shared components and the page script", () => {
  const wrong = imports.filter(
    (i) => ["components", "client"].includes(part(i.from)) && i.to.endsWith(".server") && !i.typeOnly,
  );
  expect(wrong).toEqual([]);
});

it("has no folder called server and no flat app/lib any more", () => {
  expect(fs.existsSync(path.join(root, "server"))).toBe(false);
  expect(fs.existsSync(path.join(root, "app", "server"))).toBe(false);
  expect(fs.existsSync(path.join(root, "app", "lib"))).toBe(false);
});
