// Staff uploads: only images pass (checked by decoding, not by name or type), at most 5 MB,
// re-encoded to AVIF and WebP at the widths the pages use; anything else is refused with a
// message a person can act on, and nothing is stored for it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { maxFormBytes, readFormBody } from "../../app/platform/form-data.server";
import {
  maxUploadBytes,
  readLimitedForm,
  storeImage,
  UploadRefused,
  uploadRefusals,
} from "../../app/platform/images.server";
import { saveCourseEditor } from "../../app/site/course-editing.server";
import type { StaffUser } from "../../app/staff/permissions.server";
import { createTestDatabase, type TestDatabase } from "./databases";

const staff: StaffUser = {
  id: "u1",
  email: "admin@sampige-academy.example",
  name: "admin",
  role: "admin",
  sessionId: "s1",
};
let uploadsDir: string;

beforeAll(() => {
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "institute-uploads-"));
});
afterAll(() => fs.rmSync(uploadsDir, { recursive: true, force: true }));

function files(folder: string): string[] {
  const full = path.join(uploadsDir, folder);
  return fs.existsSync(full) ? fs.readdirSync(full).sort() : [];
}

async function photo(width: number, height: number, format: "png" | "jpeg" = "jpeg"): Promise<File> {
  const image = sharp({ create: { width, height, channels: 3, background: "#0f4c5c" } });
  const buffer = await (format === "png" ? image.png() : image.jpeg()).toBuffer();
  return new File([new Uint8Array(buffer)], `photo.${format}`, { type: `image/${format}` });
}

describe("storeImage", () => {
  it("re-encodes a photo to AVIF and WebP at each width, cropped to the shape asked for", async () => {
    const stored = await storeImage(await photo(1200, 900), {
      uploadsDir,
      folder: "placed-students",
      slug: "Ananya Iyer",
      widths: [160, 320],
      aspect: 1,
    });
    expect(stored.key).toMatch(/^placed-students\/ananya-iyer-[0-9a-f]{8}$/);
    const base = path.join(uploadsDir, stored.key);
    for (const width of [160, 320]) {
      const avif = await sharp(`${base}-${width}.avif`).metadata();
      const webp = await sharp(`${base}-${width}.webp`).metadata();
      expect(avif.format).toBe("heif");
      expect(webp.format).toBe("webp");
      expect([webp.width, webp.height]).toEqual([width, width]);
    }
    // The upload itself is never kept.
    expect(files("placed-students").every((name) => /\.(avif|webp)$/.test(name))).toBe(true);
  });

  it("refuses a PDF named .png, and text named .jpg, whatever type the browser claimed", async () => {
    const pdf = new File(
      ["%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"],
      "cv.png",
      {
        type: "image/png",
      },
    );
    const text = new File(["not really a jpeg"], "photo.jpg", { type: "image/jpeg" });
    for (const file of [pdf, text]) {
      const before = files("refused");
      await expect(storeImage(file, { uploadsDir, folder: "refused", slug: "x", widths: [160] })).rejects.toThrow(
        new UploadRefused(uploadRefusals.notImage),
      );
      expect(files("refused")).toEqual(before);
    }
  });

  it("refuses an image over 5 MB and an empty file, saying why", async () => {
    const big = new File([new Uint8Array(maxUploadBytes + 1)], "big.png", { type: "image/png" });
    await expect(storeImage(big, { uploadsDir, folder: "refused", slug: "x", widths: [160] })).rejects.toThrow(
      "larger than 5 MB",
    );
    const empty = new File([], "empty.png", { type: "image/png" });
    await expect(storeImage(empty, { uploadsDir, folder: "refused", slug: "x", widths: [160] })).rejects.toThrow(
      uploadRefusals.empty,
    );
  });
});

describe("readLimitedForm", () => {
  it("stops reading a body past the limit, even when it does not say its length", async () => {
    let pulled = 0;
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (cancelled) return;
        pulled += 1;
        controller.enqueue(new Uint8Array(1024 * 1024));
      },
      cancel() {
        cancelled = true;
      },
    });
    const request = new Request("http://localhost/admin/placements", {
      method: "POST",
      body,
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
      duplex: "half",
    } as RequestInit);
    expect(await readLimitedForm(request, maxUploadBytes)).toBe("too-large");
    expect(pulled).toBeLessThan(10);
    // The rest is left for the server, which reads it to its end after answering (http/app.ts):
    // cancelling would cut the connection and the sender would never see the answer.
    expect(cancelled).toBe(false);
  });
});

describe("readFormBody", () => {
  const post = (body: string) =>
    new Request("http://localhost/login", {
      method: "POST",
      body,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });

  it("reads an ordinary form, and refuses one over 1 MB instead of holding it in memory", async () => {
    expect((await readFormBody(post("email=a%40b.in&password=x")))?.get("email")).toBe("a@b.in");
    expect(await readFormBody(post(`email=a%40b.in&password=${"x".repeat(maxFormBytes)}`))).toBeUndefined();
  });
});

describe("a course image from the desk", () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase("pglite");
  }, 60_000);
  afterAll(async () => {
    await test?.destroy();
  });

  async function send(image: File) {
    const form = new FormData();
    form.set("intent", "content");
    for (const [name, value] of Object.entries({
      title: "Internet of Things",
      summary: "Sensors to cloud dashboards.",
      description: "Build connected devices.",
      duration: "3 months",
      syllabus: "Basics\n- Sensors",
    })) {
      form.set(name, value);
    }
    form.set("image", image);
    // Encoded first, as a browser sends it: a body in memory, with its length.
    const encoded = new Response(form);
    const request = new Request("http://localhost/admin/courses/iot", {
      method: "POST",
      body: new Uint8Array(await encoded.arrayBuffer()),
      headers: { "Content-Type": encoded.headers.get("content-type") ?? "" },
    });
    const answer = (await saveCourseEditor(test.database.db, uploadsDir, request, "iot", staff)) as unknown as {
      data: { ok: boolean; error?: string; fieldErrors?: Record<string, string> };
      init: { status: number } | null;
    };
    return { status: answer.init?.status ?? 200, ...answer.data };
  }

  it("answers a 6 MB upload with 413 and the size message, and stores nothing", async () => {
    const before = files("courses");
    const answer = await send(new File([new Uint8Array(6 * 1024 * 1024)], "big.jpg", { type: "image/jpeg" }));
    expect(answer.status).toBe(413);
    expect(answer.error).toBe(uploadRefusals.tooLarge);
    expect(files("courses")).toEqual(before);
  });

  it("answers a renamed PDF with 400 beside the image field, and a real image with success", async () => {
    const pdf = await send(new File(["%PDF-1.4\n%%EOF\n"], "course.png", { type: "image/png" }));
    expect(pdf.status).toBe(400);
    expect(pdf.fieldErrors?.image).toBe(uploadRefusals.notImage);
    const real = await send(await photo(1280, 800, "png"));
    expect(real).toMatchObject({ status: 200, ok: true });
    expect(files("courses").filter((name) => name.endsWith(".webp"))).toHaveLength(2);
  });
});
