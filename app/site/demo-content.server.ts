import fs from "node:fs/promises";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterCommit } from "~/platform/content-version.server";
import { type AppDatabase, type Database, rowsOf } from "~/platform/database.server";
import { loadSharp, removeImage } from "~/platform/images.server";
import { addIndiaDays, indiaDay } from "~/platform/india-time";
import {
  courseBatches,
  courseStartDates,
  enquiries,
  placedStudents,
  registrations,
  type StartDateKey,
  siteSettings,
} from "../../db/schema";
import { addBatch, type BatchInput, enrolledCount } from "./batches.server";
import type { CourseKey } from "./course-catalog";
import { addPlacedStudent, type PlacedStudentInput } from "./placed-students.server";

/** Widths the placements page asks for (see PlacedStudentCard). */
export const photoWidths = [160, 320] as const;
export const photoFormats = ["webp", "avif"] as const;

interface Avatar {
  background: string;
  skin: string;
  hair: string;
  hairStyle: "short" | "long" | "bun" | "curly";
  shirt: string;
  glasses?: boolean;
}

interface DemoStudent extends Omit<PlacedStudentInput, "photo" | "sortOrder"> {
  avatar: Avatar;
}

// Fictional people at fictional companies: any likeness to a real one is an accident.
const demoStudents: DemoStudent[] = [
  {
    name: "Priya Raman",
    company: "Deccan Silicon Labs",
    package: "6.5 LPA",
    jobRole: "Embedded Software Engineer",
    avatar: { background: "#cde8e5", skin: "#c68642", hair: "#1b1b1b", hairStyle: "long", shirt: "#0f766e" },
  },
  {
    name: "Arjun Nair",
    company: "Nilgiri Microsystems",
    package: "4.5 LPA",
    jobRole: "IoT Developer",
    avatar: { background: "#fde2cf", skin: "#a8724a", hair: "#2e1f14", hairStyle: "short", shirt: "#1e3a8a" },
  },
  {
    name: "Kavya Shetty",
    company: "Kaveri Embedded Works",
    package: "5.2 LPA",
    jobRole: "Python Developer",
    avatar: {
      background: "#e4e0f7",
      skin: "#e0ac69",
      hair: "#3b2a1e",
      hairStyle: "bun",
      shirt: "#b45309",
      glasses: true,
    },
  },
  {
    name: "Mohammed Irfan",
    company: "Hampi Data Systems",
    package: "9 LPA",
    jobRole: "ML Engineer Trainee",
    avatar: { background: "#dcefd6", skin: "#8d5524", hair: "#1b1b1b", hairStyle: "curly", shirt: "#334155" },
  },
  {
    name: "Divya Krishnan",
    company: "Bisle Robotics",
    package: "3.6 LPA",
    jobRole: "Firmware Engineer",
    avatar: { background: "#fbe3ea", skin: "#8d5524", hair: "#1b1b1b", hairStyle: "long", shirt: "#7c3aed" },
  },
  {
    name: "Rahul Gowda",
    company: "Kodagu Cloudworks",
    package: "7.2 LPA",
    jobRole: "Full Stack Developer (Python)",
    avatar: {
      background: "#d9ecf7",
      skin: "#c68642",
      hair: "#2e1f14",
      hairStyle: "short",
      shirt: "#be123c",
      glasses: true,
    },
  },
  {
    name: "Sneha Pillai",
    company: "Malnad Circuitry",
    package: "3.2 LPA",
    jobRole: "Embedded Test Engineer",
    avatar: { background: "#fff1c7", skin: "#e0ac69", hair: "#1b1b1b", hairStyle: "bun", shirt: "#047857" },
  },
  {
    name: "Vignesh Kumar",
    company: "Vaigai Software Studio",
    package: "4.2 LPA",
    jobRole: "MATLAB Simulation Engineer",
    avatar: { background: "#e8e3da", skin: "#a8724a", hair: "#1b1b1b", hairStyle: "curly", shirt: "#0369a1" },
  },
];

/** Start dates that earlier versions gave a new database, removed by `demo remove` as before. */
const demoStartDates: Partial<Record<StartDateKey, string>> = {
  embedded: "12 January 2027",
  python: "2 February 2027",
  iot: "19 January 2027",
};

/**
 * A sample batch's first day: `inDays` after `today`, moved on to the batch's kind of day (a
 * weekend batch starts on a Saturday, a weekday batch on a Monday to Friday).
 */
function firstClassDay(today: string, inDays: number, days: BatchInput["days"]): string {
  let day = addIndiaDays(today, inDays);
  const isWeekend = (iso: string) => [0, 6].includes(new Date(`${iso}T00:00:00Z`).getUTCDay());
  const isSaturday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay() === 6;
  while (days === "weekend" ? !isSaturday(day) : isWeekend(day)) day = addIndiaDays(day, 1);
  return day;
}

/** Sample batches, starting this many days after the database's first start (none for AI and MATLAB). */
const demoBatches: Array<{ course: CourseKey; inDays: number } & Omit<BatchInput, "startsOn">> = [
  {
    course: "embedded",
    inDays: 12,
    branch: "chennai",
    days: "weekday",
    startTime: "18:30",
    endTime: "21:00",
    mode: "classroom",
    seats: "open",
    seatsTotal: 6,
    feeInr: 45000,
    feeIncludes: "development board kit, lab access and certificate",
  },
  {
    course: "python",
    inDays: 16,
    branch: "bangalore",
    days: "weekday",
    startTime: "19:00",
    endTime: "21:00",
    mode: "online",
    seats: "open",
    seatsTotal: null,
    feeInr: 48000,
    feeIncludes: "live classes, recorded sessions, project reviews and certificate",
  },
  {
    course: "embedded",
    inDays: 19,
    branch: "bangalore",
    days: "weekend",
    startTime: "10:00",
    endTime: "16:00",
    mode: "classroom",
    seats: "filling-fast",
    seatsTotal: null,
    feeInr: 45000,
    feeIncludes: "development board kit, lab access and certificate",
  },
  {
    course: "iot",
    inDays: 26,
    branch: "chennai",
    days: "weekend",
    startTime: "10:00",
    endTime: "15:00",
    mode: "classroom",
    seats: "open",
    seatsTotal: 10,
    feeInr: 40000,
    feeIncludes: "sensor kit and certificate",
  },
  {
    course: "python",
    inDays: 9,
    branch: "bangalore",
    days: "weekend",
    startTime: "10:00",
    endTime: "15:00",
    mode: "classroom",
    seats: "full",
    seatsTotal: null,
    feeInr: 48000,
    feeIncludes: "project reviews and certificate",
  },
];

/** Any fixed number: it names the advisory lock that keeps two processes from seeding together. */
const seedLockKey = 7_311_043;

/** The site_settings key that records what became of the demo content. */
const demoSettingKey = "demo_content";
/** Who demo start dates are "updated by": a staff edit replaces it with the staff member's e-mail. */
const demoAuthor = "demo content";

/**
 * Whether a new database gets demo content: DEMO_CONTENT (on or off); by default on only for
 * a trial run on one's own machine, i.e. off when NODE_ENV is production or DATABASE_URL is
 * set. Pass NODE_ENV as the operator set it (the server fills in "production" itself).
 */
export function demoContentFromEnv(env: NodeJS.ProcessEnv, operatorNodeEnv: string | undefined): boolean {
  const setting = env.DEMO_CONTENT?.trim().toLowerCase();
  if (!setting) return operatorNodeEnv !== "production" && !env.DATABASE_URL;
  if (["on", "yes", "true", "1"].includes(setting)) return true;
  if (["off", "no", "false", "0"].includes(setting)) return false;
  throw new Error(`DEMO_CONTENT must be "on" or "off", not "${env.DEMO_CONTENT}".`);
}

/**
 * On a database's first start only: gives it something to show when `enabled` (placed
 * students with generated portraits written under uploadsDir, a few sample batches), and
 * records the decision in site_settings either way, so no later start adds anything, even
 * once the institute has deleted the demo rows. A database that already holds enquiries,
 * registrations, placed students or start dates (e.g. a restored backup) gets none.
 * Returns whether it added.
 */
export async function seedDemoContent(
  database: Database,
  options: { uploadsDir: string; enabled: boolean },
): Promise<boolean> {
  const { db } = database;
  if (await demoDecision(db)) return false;
  const wanted = options.enabled && (await isEmpty(db));
  const photos = wanted
    ? await Promise.all(demoStudents.map((student) => writeAvatar(student, options.uploadsDir)))
    : [];

  // The pages showing what is added are announced once it has committed.
  return afterCommit(() =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey})`);
      if (await demoDecision(tx)) return false;
      const add = wanted && (await isEmpty(tx));
      if (add) {
        // Inserted last-first: equal sort orders list the newest first, so the page keeps this order.
        for (const [index, student] of [...demoStudents.entries()].reverse()) {
          const { avatar: _avatar, ...fields } = student;
          await addPlacedStudent(tx, { ...fields, photo: photos[index] ?? null, sortOrder: 0 });
        }
        const today = indiaDay();
        for (const { course, inDays, ...batch } of demoBatches) {
          await addBatch(tx, course, { ...batch, startsOn: firstClassDay(today, inDays, batch.days) }, demoAuthor);
        }
      }
      await tx.insert(siteSettings).values({ key: demoSettingKey, value: add ? "added" : "not added" });
      return add;
    }),
  );
}

export interface RemovedDemoContent {
  placedStudents: string[];
  startDates: StartDateKey[];
  /** Demo batches removed (one no staff member has saved since). */
  batches: number;
}

/**
 * Deletes exactly the demo rows: placed students whose name, company, package, role and
 * photo are still the demo ones (with their images), start dates still as the demo set them
 * (earlier versions), and batches no staff member has saved since and nobody is enrolled in.
 * Anything staff changed or added stays.
 */
export async function removeDemoContent(
  database: Database,
  options: { uploadsDir: string },
): Promise<RemovedDemoContent> {
  const removed = await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey})`);
    const students: { name: string; photo: string | null }[] = [];
    for (const student of demoStudents) {
      const rows = await tx
        .delete(placedStudents)
        .where(
          and(
            eq(placedStudents.name, student.name),
            eq(placedStudents.company, student.company),
            eq(placedStudents.package, student.package),
            eq(placedStudents.jobRole, student.jobRole),
            eq(placedStudents.photo, `placed-students/${slugOf(student.name)}`),
          ),
        )
        .returning({ name: placedStudents.name, photo: placedStudents.photo });
      students.push(...rows);
    }
    const startDates: StartDateKey[] = [];
    for (const [key, startDate] of Object.entries(demoStartDates)) {
      const rows = await tx
        .delete(courseStartDates)
        .where(
          and(
            eq(courseStartDates.key, key as StartDateKey),
            eq(courseStartDates.startDate, startDate),
            eq(courseStartDates.updatedBy, demoAuthor),
          ),
        )
        .returning({ key: courseStartDates.key });
      startDates.push(...rows.map((row) => row.key));
    }
    // A demo batch a student was enrolled in (a trial of the desk) is the institute's now: it stays.
    const batches = await tx
      .delete(courseBatches)
      .where(and(eq(courseBatches.updatedBy, demoAuthor), sql`${enrolledCount} = 0`))
      .returning({ courseKey: courseBatches.courseKey });
    if (students.length > 0 || startDates.length > 0 || batches.length > 0) {
      const values = { key: demoSettingKey, value: "removed", updatedAt: new Date() };
      await tx
        .insert(siteSettings)
        .values(values)
        .onConflictDoUpdate({ target: siteSettings.key, set: { value: values.value, updatedAt: values.updatedAt } });
    }
    return { students, startDates, batches };
  });
  for (const { photo } of removed.students) {
    if (photo) await removeImage(options.uploadsDir, photo, photoWidths);
  }
  return {
    placedStudents: removed.students.map((student) => student.name),
    startDates: removed.startDates,
    batches: removed.batches.length,
  };
}

/** What the first start decided about demo content, or undefined before it has. */
async function demoDecision(db: AppDatabase): Promise<string | undefined> {
  const rows = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, demoSettingKey));
  return rows[0]?.value;
}

async function isEmpty(db: AppDatabase): Promise<boolean> {
  const result = await db.execute(sql`select (
    exists (select 1 from ${enquiries}) or exists (select 1 from ${registrations})
    or exists (select 1 from ${placedStudents}) or exists (select 1 from ${courseStartDates})
    or exists (select 1 from ${courseBatches})
  ) as used`);
  return !rowsOf<{ used: boolean }>(result)[0]?.used;
}

/** Renders the avatar to every width and format; returns the photo key. */
async function writeAvatar(student: DemoStudent, uploadsDir: string): Promise<string> {
  const key = `placed-students/${slugOf(student.name)}`;
  const folder = path.join(uploadsDir, path.dirname(key));
  await fs.mkdir(folder, { recursive: true });
  const svg = Buffer.from(avatarSvg(student.avatar));
  const sharp = await loadSharp();
  await Promise.all(
    photoWidths.flatMap((width) =>
      photoFormats.map((format) => {
        const image = sharp(svg).resize(width, width);
        const encoded = format === "webp" ? image.webp({ quality: 82 }) : image.avif({ quality: 55, effort: 2 });
        return encoded.toFile(path.join(uploadsDir, `${key}-${width}.${format}`));
      }),
    ),
  );
  return key;
}

export function slugOf(name: string): string {
  return name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** An original, flat illustrated portrait: head and shoulders on a coloured ground. */
export function avatarSvg(avatar: Avatar): string {
  const { background, skin, hair, shirt } = avatar;
  const shade = "rgba(0,0,0,0.12)";
  const behindHead = {
    long: `<path d="M98 140 C92 78 126 56 160 56 C194 56 228 78 222 140 L230 236 C204 248 116 248 90 236 Z" fill="${hair}"/>`,
    bun: "",
    short: "",
    curly: "",
  }[avatar.hairStyle];
  const onHead = {
    long: `<path d="M106 132 C104 84 130 68 160 68 C190 68 216 84 214 132 C200 104 170 96 150 98 C130 100 114 112 106 132 Z" fill="${hair}"/>`,
    bun: `<circle cx="160" cy="68" r="25" fill="${hair}"/><path d="M106 130 C104 86 130 72 160 72 C190 72 216 86 214 130 C204 106 184 98 160 98 C136 98 116 106 106 130 Z" fill="${hair}"/>`,
    short: `<path d="M104 128 C100 80 128 66 160 66 C194 66 222 80 216 128 C208 100 190 92 160 92 C132 92 112 100 104 128 Z" fill="${hair}"/>`,
    curly: [
      [116, 104, 18],
      [136, 86, 20],
      [160, 80, 21],
      [184, 86, 20],
      [204, 104, 18],
      [110, 124, 12],
      [210, 124, 12],
    ]
      .map(([cx, cy, r]) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${hair}"/>`)
      .join(""),
  }[avatar.hairStyle];
  const glasses = avatar.glasses
    ? `<g fill="none" stroke="#1f2937" stroke-width="4"><circle cx="140" cy="140" r="15"/><circle cx="180" cy="140" r="15"/><path d="M155 140 H165"/></g>`
    : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 320 320">
  <rect width="320" height="320" fill="${background}"/>
  ${behindHead}
  <path d="M36 320 C36 252 96 218 160 218 C224 218 284 252 284 320 Z" fill="${shirt}"/>
  <path d="M132 220 L160 262 L188 220 Z" fill="#ffffff" opacity="0.85"/>
  <rect x="138" y="170" width="44" height="58" rx="16" fill="${skin}"/>
  <rect x="138" y="170" width="44" height="58" rx="16" fill="${shade}"/>
  <ellipse cx="107" cy="142" rx="10" ry="14" fill="${skin}"/>
  <ellipse cx="213" cy="142" rx="10" ry="14" fill="${skin}"/>
  <ellipse cx="160" cy="134" rx="54" ry="64" fill="${skin}"/>
  ${onHead}
  <g fill="#1f2937"><circle cx="140" cy="140" r="5"/><circle cx="180" cy="140" r="5"/></g>
  <g fill="none" stroke="#1f2937" stroke-linecap="round">
    <path d="M130 122 Q140 117 150 122" stroke-width="3.5"/>
    <path d="M170 122 Q180 117 190 122" stroke-width="3.5"/>
    <path d="M143 170 Q160 184 177 170" stroke-width="4"/>
  </g>
  <path d="M160 146 Q155 160 162 161" fill="none" stroke="${shade}" stroke-width="3" stroke-linecap="round"/>
  ${glasses}
</svg>`;
}
