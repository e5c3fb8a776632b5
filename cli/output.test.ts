import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { openOutput } from "./output";

it("writes to a pipe as it is, never renaming a file over it (as /dev/null would be replaced)", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "institute-cli-output-"));
  const fifo = path.join(dir, "pipe");
  try {
    execFileSync("mkfifo", [fifo]);
    const read = new Promise<string>((resolve, reject) => {
      let text = "";
      fs.createReadStream(fifo, "utf8")
        .on("data", (chunk) => {
          text += chunk;
        })
        .on("end", () => resolve(text))
        .on("error", reject);
    });
    const output = openOutput(fifo);
    await output.write("name,mobile\nAsha,9876543210\n");
    await output.end();
    expect(await read).toBe("name,mobile\nAsha,9876543210\n");
    expect(fs.statSync(fifo).isFIFO()).toBe(true);
    expect(fs.existsSync(`${fifo}.partial`)).toBe(false);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

it("writes a regular file whole or not at all: complete under its name, no partial file left", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "institute-cli-output-"));
  try {
    const file = path.join(dir, "students.csv");
    const output = openOutput(file);
    await output.write("name\nAsha\n");
    await output.end();
    expect(fs.readFileSync(file, "utf8")).toBe("name\nAsha\n");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dir)).toEqual(["students.csv"]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
