import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, expect, it } from "vitest";
import { createSubmission } from "../../app/admissions/submissions/submission-repository.server";
import { indiaDay } from "../../app/platform/india-time";
import { addBatch, type BatchInput, listUpcomingBatches, updateBatch } from "../../app/site/batches.server";
import { photoFormats, photoWidths, removeDemoContent, seedDemoContent } from "../../app/site/demo-content.server";
import {
  addPlacedStudent,
  getPlacedStudent,
  listPlacedStudents,
  removePlacedStudent,
  updatePlacedStudent,
} from "../../app/site/placed-students.server";
import { getStartDates, type StartDateKey, setStartDate } from "../../app/site/start-dates.server";
import { describeEachEngine, useTestDatabase } from "./databases";

/** A batch the institute adds itself. */
const ownBatch: BatchInput = {
  branch: "bangalore",
  startsOn: "2031-06-02",
  days: "weekday",
  startTime: "18:00",
  endTime: "20:00",
  mode: "classroom",
  seats: "open",
  seatsTotal: null,
  feeInr: 55000,
  feeIncludes: "",
};

describeEachEngine("start dates, placed students and demo content", (engine) => {
  const test = useTestDatabase(engine);
  const db = () => test.current.database.db;
  const uploadsDir = () => path.join(test.current.dataDir, "uploads");

  beforeEach(async () => {
    await test.current.truncate();
    fs.rmSync(uploadsDir(), { recursive: true, force: true });
  });

  it("has no start dates at first, then sets, changes and clears them", async () => {
    expect(await getStartDates(db())).toEqual({ embedded: null, python: null, iot: null, matlab: null, ai: null });

    await setStartDate(db(), "embedded", "15 January 2027");
    await setStartDate(db(), "python", "  Every Monday  ", { updatedBy: "admin@example.in" });
    expect(await getStartDates(db())).toMatchObject({ embedded: "15 January 2027", python: "Every Monday", ai: null });

    await setStartDate(db(), "embedded", "1 March 2027");
    expect((await getStartDates(db())).embedded).toBe("1 March 2027");

    await setStartDate(db(), "embedded", null);
    await setStartDate(db(), "python", "   ");
    expect(await getStartDates(db())).toEqual({ embedded: null, python: null, iot: null, matlab: null, ai: null });

    await expect(setStartDate(db(), "fullstack" as StartDateKey, "soon")).rejects.toThrow(/Unknown course key/);
  });

  it("adds, lists, changes and removes placed students", async () => {
    const asha = await addPlacedStudent(db(), {
      name: "Asha K",
      company: "Kolam Robotics",
      package: "4.5 LPA",
      jobRole: "IoT Developer",
    });
    expect(asha).toMatchObject({ name: "Asha K", photo: null, sortOrder: 0 });
    const ravi = await addPlacedStudent(db(), {
      name: "Ravi S",
      company: "Monsoon Sensorworks",
      package: "6 LPA",
      jobRole: "Firmware Engineer",
      photo: "placed-students/ravi-s",
    });
    const first = await addPlacedStudent(db(), {
      name: "Top Pick",
      company: "Peacock Silicon Works",
      package: "9 LPA",
      jobRole: "ML Engineer Trainee",
      sortOrder: -1,
    });

    // Sort order first, then the newest.
    expect((await listPlacedStudents(db())).map((s) => s.id)).toEqual([first.id, ravi.id, asha.id]);

    const changed = await updatePlacedStudent(db(), asha.id, { package: "5 LPA", photo: "placed-students/asha-k" });
    expect(changed).toMatchObject({ id: asha.id, name: "Asha K", package: "5 LPA", photo: "placed-students/asha-k" });
    expect(await updatePlacedStudent(db(), ravi.id, { photo: null })).toMatchObject({ photo: null });
    expect(await updatePlacedStudent(db(), ravi.id, {})).toMatchObject({ id: ravi.id, name: "Ravi S" });
    expect(await updatePlacedStudent(db(), 999_999, { name: "Nobody" })).toBeUndefined();

    expect(await removePlacedStudent(db(), asha.id)).toMatchObject({ id: asha.id, photo: "placed-students/asha-k" });
    expect(await getPlacedStudent(db(), asha.id)).toBeUndefined();
    expect(await removePlacedStudent(db(), asha.id)).toBeUndefined();
    expect(await listPlacedStudents(db())).toHaveLength(2);
  });

  it("adds demo content with real images to an empty database, once", async () => {
    expect(await seedDemoContent(test.current.database, { uploadsDir: uploadsDir(), enabled: true })).toBe(true);

    const students = await listPlacedStudents(db());
    expect(students.length).toBeGreaterThanOrEqual(6);
    for (const student of students) {
      expect(student.name).not.toBe("");
      expect(student.package).toMatch(/^\d+(\.\d+)? LPA$/);
      expect(student.photo).toMatch(/^placed-students\/[a-z0-9-]+$/);
      for (const width of photoWidths) {
        for (const format of photoFormats) {
          const file = path.join(uploadsDir(), `${student.photo}-${width}.${format}`);
          const meta = await sharp(file).metadata();
          expect(meta.width).toBe(width);
          expect(meta.height).toBe(width);
          expect(meta.format).toBe(format === "avif" ? "heif" : "webp");
        }
      }
    }
    // Sample batches from the days after the first start, and no free-text start dates.
    expect(Object.values(await getStartDates(db())).filter(Boolean)).toEqual([]);
    const batches = await listUpcomingBatches(db());
    expect(batches.length).toBeGreaterThanOrEqual(4);
    expect(batches.every((batch) => batch.startsOn > indiaDay())).toBe(true);
    expect(new Set(batches.map((batch) => batch.branch))).toEqual(new Set(["chennai", "bangalore"]));

    expect(await seedDemoContent(test.current.database, { uploadsDir: uploadsDir(), enabled: true })).toBe(false);
    expect(await listPlacedStudents(db())).toHaveLength(students.length);
  });

  it("never adds demo content to a database that holds data", async () => {
    await createSubmission(
      db(),
      "enquiry",
      {
        name: "Real Student",
        email: "real@example.in",
        mobile: "9876543210",
        stream: "MCA",
        major: "CSE",
        state: "kerala",
        district: "Ernakulam",
      },
      { submissionToken: "real-1" },
    );
    expect(await seedDemoContent(test.current.database, { uploadsDir: uploadsDir(), enabled: true })).toBe(false);
    expect(await listPlacedStudents(db())).toEqual([]);
    expect(fs.existsSync(uploadsDir())).toBe(false);

    await test.current.truncate();
    await setStartDate(db(), "ai", "Every Monday");
    expect(await seedDemoContent(test.current.database, { uploadsDir: uploadsDir(), enabled: true })).toBe(false);
    expect(await listPlacedStudents(db())).toEqual([]);

    await test.current.truncate();
    await addBatch(db(), "ai", ownBatch, "admin@example.in");
    expect(await seedDemoContent(test.current.database, { uploadsDir: uploadsDir(), enabled: true })).toBe(false);
    expect(await listPlacedStudents(db())).toEqual([]);
  });
});

describeEachEngine("demo content is decided once", (engine) => {
  const test = useTestDatabase(engine);
  const db = () => test.current.database.db;
  const uploadsDir = () => path.join(test.current.dataDir, "uploads");
  const seed = (enabled: boolean) => seedDemoContent(test.current.database, { uploadsDir: uploadsDir(), enabled });

  beforeEach(async () => {
    await test.current.truncate();
    fs.rmSync(uploadsDir(), { recursive: true, force: true });
  });

  it("does not come back after the institute deleted it", async () => {
    expect(await seed(true)).toBe(true);
    for (const student of await listPlacedStudents(db())) await removePlacedStudent(db(), student.id);
    await db().execute(sql`delete from course_batches`);

    expect(await seed(true)).toBe(false);
    expect(await listPlacedStudents(db())).toEqual([]);
    expect(await listUpcomingBatches(db())).toEqual([]);
  });

  it("is not added when switched off, nor on a later start with it on", async () => {
    expect(await seed(false)).toBe(false);
    expect(await listPlacedStudents(db())).toEqual([]);
    expect(fs.existsSync(uploadsDir())).toBe(false);
    expect(await seed(true)).toBe(false);
    expect(await listPlacedStudents(db())).toEqual([]);
  });

  it("is removed exactly, leaving what staff added or changed", async () => {
    expect(await seed(true)).toBe(true);
    const demo = await listPlacedStudents(db());
    const edited = demo.find((student) => student.name === "Arjun Nair");
    if (!edited) throw new Error("The demo content has no Arjun Nair");
    await updatePlacedStudent(db(), edited.id, { package: "5 LPA" });
    const own = await addPlacedStudent(db(), {
      name: "Lakshmi Menon",
      company: "Periyar Automation",
      package: "4 LPA",
      jobRole: "PLC Programmer",
    });
    // Start dates an earlier version gave a new database as demo content go too.
    await setStartDate(db(), "embedded", "12 January 2027", { updatedBy: "demo content" });
    await setStartDate(db(), "iot", "19 January 2027", { updatedBy: "demo content" });
    await setStartDate(db(), "python", "9 March 2027", { updatedBy: "admin@example.in" });
    const demoBatches = await listUpcomingBatches(db());
    const [savedBatch] = demoBatches;
    if (!savedBatch) throw new Error("The demo content has no batches");
    await updateBatch(
      db(),
      savedBatch.courseKey,
      savedBatch.id,
      { ...ownBatch, feeInr: 39000 },
      "admin@example.in",
      () => ({
        actor: "admin@example.in",
        action: "batch.update",
        subject: `batch ${savedBatch.id}`,
      }),
    );
    const ownAdded = await addBatch(db(), "ai", ownBatch, "admin@example.in");
    await setStartDate(db(), "ai", "Every Monday", { updatedBy: "admin@example.in" });
    await createSubmission(
      db(),
      "enquiry",
      {
        name: "Real Student",
        email: "real@example.in",
        mobile: "9876543210",
        stream: "MCA",
        major: "CSE",
        state: "kerala",
        district: "Ernakulam",
      },
      { submissionToken: "real-demo-1" },
    );

    const removed = await removeDemoContent(test.current.database, { uploadsDir: uploadsDir() });
    expect(removed.placedStudents).toHaveLength(demo.length - 1);
    expect(removed.placedStudents).not.toContain("Arjun Nair");
    expect(removed.startDates.sort()).toEqual(["embedded", "iot"]);
    expect(removed.batches).toBe(demoBatches.length - 1);
    expect((await listUpcomingBatches(db())).map((batch) => batch.id).sort()).toEqual(
      [savedBatch.id, ownAdded.id].sort(),
    );

    expect((await listPlacedStudents(db())).map((student) => student.name).sort()).toEqual(
      ["Arjun Nair", own.name].sort(),
    );
    expect(await getStartDates(db())).toMatchObject({
      embedded: null,
      iot: null,
      python: "9 March 2027",
      ai: "Every Monday",
    });
    const enquiries = await db().execute(sql`select count(*)::int as n from enquiries`);
    expect((enquiries as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    // The removed students' photos went with them; the kept one's stayed.
    const photos = fs.readdirSync(path.join(uploadsDir(), "placed-students"));
    expect(photos.every((file) => file.startsWith("arjun-nair-"))).toBe(true);
    expect(photos.length).toBeGreaterThan(0);

    expect(await removeDemoContent(test.current.database, { uploadsDir: uploadsDir() })).toEqual({
      placedStudents: [],
      startDates: [],
      batches: 0,
    });
    expect(await seed(true)).toBe(false);
  });
});
