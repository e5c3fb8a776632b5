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

/** The import circles among app/'s files (type imports too), each as the files that form it. */
function importCircles(): string[][] {
  const files = new Set(
    sourceFiles(path.join(root, "app")).map((file) => path.relative(root, file).replace(/\.(ts|tsx)$/, "")),
  );
  const fileOf = (target: string) => [target, path.join(target, "index")].find((candidate) => files.has(candidate));
  const edges = new Map<string, Set<string>>([...files].map((file) => [file, new Set<string>()]));
  for (const i of imports) {
    const from = i.from.replace(/\.(ts|tsx)$/, "");
    const to = fileOf(i.to);
    if (to && edges.has(from)) edges.get(from)?.add(to);
  }
  // Tarjan's strongly connected components: a component of more than one file, or a file that
  // imports itself, is a circle.
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const to of edges.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(to) ?? 0));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    for (;;) {
      const member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
      if (member === file) break;
    }
    if (component.length > 1 || edges.get(file)?.has(file)) circles.push(component.sort());
  };
  for (const file of [...files].sort()) if (!index.has(file)) visit(file);
  return circles;
}

it("has no import circles between app/'s files, type imports included", () => {
  expect(importCircles()).toEqual([]);
});

it("keeps admissions in rooms: no file directly in app/admissions/", () => {
  const loose = fs
    .readdirSync(path.join(root, "app", "admissions"), { withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => entry.name);
  expect(loose).toEqual([]);
});
