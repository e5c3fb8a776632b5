// The institute's branches as the site shows them: the defaults from the site configuration,
// with what staff changed in the desk (/admin/branches). A branch's key and name come from the
// configuration only: other records keep the key, and the pages' prose names the branches.
import { z } from "zod";
import { type BranchKey, site } from "~/config/site";

export type { BranchKey };

/** Days of the week as schema.org's openingHours abbreviations, Monday first. */
export const weekDays = [
  { code: "Mo", name: "Monday", schema: "Monday" },
  { code: "Tu", name: "Tuesday", schema: "Tuesday" },
  { code: "We", name: "Wednesday", schema: "Wednesday" },
  { code: "Th", name: "Thursday", schema: "Thursday" },
  { code: "Fr", name: "Friday", schema: "Friday" },
  { code: "Sa", name: "Saturday", schema: "Saturday" },
  { code: "Su", name: "Sunday", schema: "Sunday" },
] as const;
export type DayCode = (typeof weekDays)[number]["code"];

export interface BranchHours {
  days: DayCode[];
  /** 24-hour "HH:MM", India time. */
  opens: string;
  closes: string;
}

/** What staff may change about a branch. Null: not known, and not shown. */
export interface BranchDetails {
  address: {
    street: string | null;
    locality: string;
    region: string;
    postalCode: string | null;
    country: string;
  };
  phone: string | null;
  mapUrl: string | null;
  hours: BranchHours | null;
}

export interface Branch extends BranchDetails {
  key: BranchKey;
  name: string;
  established: number;
}

export const branchKeys: readonly BranchKey[] = site.branches.map((branch) => branch.key);

export function isBranchKey(value: unknown): value is BranchKey {
  return typeof value === "string" && (branchKeys as readonly string[]).includes(value);
}

/** The branches as the site configuration gives them, before any edit. */
export const defaultBranches: readonly Branch[] = site.branches.map((branch) => ({
  key: branch.key,
  name: branch.name,
  established: branch.established,
  address: { ...branch.address },
  phone: branch.phone,
  mapUrl: branch.mapUrl,
  hours: branch.hours ? { ...branch.hours, days: [...branch.hours.days] } : null,
}));

/** A branch with staff's edit laid over its defaults. */
export function withEdit(branch: Branch, edit: BranchDetails | undefined): Branch {
  return edit ? { ...branch, ...edit, address: { ...edit.address } } : branch;
}

/** The address lines that are known, e.g. ["2nd Floor, 14 Residency Road, Ashok Nagar", "Bengaluru, Karnataka 560025"]. */
export function addressLines(branch: Pick<Branch, "address">): string[] {
  const a = branch.address;
  const place = [a.locality, [a.region, a.postalCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return [a.street, place].filter((line): line is string => Boolean(line));
}

export function branchTelHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

const clock = (hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(":").map(Number);
  const suffix = h < 12 ? "am" : "pm";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, "0")} ${suffix}`;
};

/** "Monday to Saturday, 9:30 am to 6:30 pm" (consecutive days joined, others listed). */
export function hoursText(hours: BranchHours): string {
  const indexes = weekDays.map((d, i) => (hours.days.includes(d.code) ? i : -1)).filter((i) => i >= 0);
  const runs: number[][] = [];
  for (const i of indexes) {
    const last = runs.at(-1);
    if (last && last.at(-1) === i - 1) last.push(i);
    else runs.push([i]);
  }
  const name = (i: number) => weekDays[i]?.name ?? "";
  const days = runs
    .map((run) => (run.length > 2 ? `${name(run[0] ?? 0)} to ${name(run.at(-1) ?? 0)}` : run.map(name).join(", ")))
    .join(", ");
  return `${days}, ${clock(hours.opens)} to ${clock(hours.closes)}`;
}

// The desk's form: one schema, its messages shown beside the fields.
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `The ${label} can be at most ${max} characters.`)
    .transform((value) => value || null);

const time = /^([01]\d|2[0-3]):[0-5]\d$/;

export const branchFormSchema = z
  .object({
    street: optionalText("street address", 200),
    locality: z
      .string()
      .trim()
      .min(1, "Please enter the city or area.")
      .max(80, "The city or area can be at most 80 characters."),
    region: z.string().trim().min(1, "Please enter the state.").max(80, "The state can be at most 80 characters."),
    postalCode: optionalText("PIN code", 6).refine(
      (value) => value === null || /^\d{6}$/.test(value),
      "A PIN code is six digits.",
    ),
    phone: optionalText("phone number", 20).refine(
      (value) => value === null || (/^\+?[\d\s-]+$/.test(value) && value.replace(/\D/g, "").length >= 10),
      "Please enter a phone number of at least 10 digits (digits, spaces, + and - only).",
    ),
    mapUrl: optionalText("map link", 500).refine((value) => {
      if (value === null) return true;
      try {
        return new URL(value).protocol === "https:";
      } catch {
        return false;
      }
    }, "The map link must be a full https:// address (copy it from the map's Share button)."),
    days: z.array(z.enum(weekDays.map((d) => d.code) as [DayCode, ...DayCode[]])),
    opens: z.string().trim(),
    closes: z.string().trim(),
  })
  .superRefine((value, ctx) => {
    const anyHours = value.days.length > 0 || value.opens !== "" || value.closes !== "";
    if (!anyHours) return;
    if (value.days.length === 0) ctx.addIssue({ code: "custom", path: ["days"], message: "Tick the days it is open." });
    if (!time.test(value.opens))
      ctx.addIssue({ code: "custom", path: ["opens"], message: "Enter the opening time, e.g. 09:30." });
    if (!time.test(value.closes))
      ctx.addIssue({ code: "custom", path: ["closes"], message: "Enter the closing time, e.g. 18:30." });
    else if (time.test(value.opens) && value.closes <= value.opens)
      ctx.addIssue({ code: "custom", path: ["closes"], message: "The closing time must be after the opening time." });
  })
  .transform(
    (value): BranchDetails => ({
      address: {
        street: value.street,
        locality: value.locality,
        region: value.region,
        postalCode: value.postalCode,
        country: "IN",
      },
      phone: value.phone,
      mapUrl: value.mapUrl,
      hours:
        value.days.length > 0
          ? {
              days: weekDays.map((d) => d.code).filter((code) => value.days.includes(code)),
              opens: value.opens,
              closes: value.closes,
            }
          : null,
    }),
  );

/** A branch's details as the form's fields (what the desk shows, and what it sends back). */
export function branchFormValues(branch: BranchDetails): Record<string, string> & { days: string } {
  return {
    street: branch.address.street ?? "",
    locality: branch.address.locality,
    region: branch.address.region,
    postalCode: branch.address.postalCode ?? "",
    phone: branch.phone ?? "",
    mapUrl: branch.mapUrl ?? "",
    days: branch.hours?.days.join(" ") ?? "",
    opens: branch.hours?.opens ?? "",
    closes: branch.hours?.closes ?? "",
  };
}

/** Each branch's key and name, as a batch names its branch. */
export const branches: readonly { key: BranchKey; name: string }[] = defaultBranches.map(({ key, name }) => ({
  key,
  name,
}));

/** The branch's name; a key no longer configured is shown as it is stored. */
export function branchName(key: string): string {
  return branches.find((branch) => branch.key === key)?.name ?? key;
}
