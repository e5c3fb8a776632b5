import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import type { AppDatabase, Database } from "~/platform/database.server";
import { courseStartDates, enquiries, placedStudents, registrations, type StartDateKey } from "../../db/schema";
import { addPlacedStudent, type PlacedStudentInput } from "./placed-students.server";
import { setStartDate } from "./start-dates.server";

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

const demoStartDates: Partial<Record<StartDateKey, string>> = {
  embedded: "12 January 2027",
  python: "2 February 2027",
  iot: "19 January 2027",
};

/** Any fixed number: it names the advisory lock that keeps two processes from seeding together. */
const seedLockKey = 7_311_043;

/**
 * Gives a brand-new database something to show: placed students with generated
 * portraits (written under uploadsDir) and a few batch start dates. A database
 * that holds any enquiry, registration, placed student or start date is left
 * alone. Returns whether it seeded.
 */
export async function seedDemoContent(database: Database, options: { uploadsDir: string }): Promise<boolean> {
  const { db } = database;
  if (!(await isEmpty(db))) return false;

  const photos = await Promise.all(demoStudents.map((student) => writeAvatar(student, options.uploadsDir)));

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey})`);
    if (!(await isEmpty(tx))) return false;
    // Inserted last-first: equal sort orders list the newest first, so the page keeps this order.
    for (const [index, student] of [...demoStudents.entries()].reverse()) {
      const { avatar: _avatar, ...fields } = student;
      await addPlacedStudent(tx, { ...fields, photo: photos[index] ?? null, sortOrder: 0 });
    }
    for (const [key, startDate] of Object.entries(demoStartDates)) {
      await setStartDate(tx, key as StartDateKey, startDate, { updatedBy: "demo content" });
    }
    return true;
  });
}

async function isEmpty(db: AppDatabase): Promise<boolean> {
  const result = await db.execute(sql`select (
    exists (select 1 from ${enquiries}) or exists (select 1 from ${registrations})
    or exists (select 1 from ${placedStudents}) or exists (select 1 from ${courseStartDates})
  ) as used`);
  return !rowsOf<{ used: boolean }>(result)[0]?.used;
}

/** node-postgres answers execute() with { rows }, PGlite with { rows } too, typed apart. */
function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/** Renders the avatar to every width and format; returns the photo key. */
async function writeAvatar(student: DemoStudent, uploadsDir: string): Promise<string> {
  const key = `placed-students/${slugOf(student.name)}`;
  const folder = path.join(uploadsDir, path.dirname(key));
  await fs.mkdir(folder, { recursive: true });
  const svg = Buffer.from(avatarSvg(student.avatar));
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
