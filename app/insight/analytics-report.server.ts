// What the admin dashboard shows about visitors and submissions over a range of days.
import { and, count, desc, gte, lt, lte, ne, sql, sum } from "drizzle-orm";
import type { AppDatabase } from "~/platform/database.server";
import { addIndiaDays, indiaDays, indiaTimeZone } from "~/platform/india-time";
import { dailyVisitors, enquiries, pageViews, registrations } from "../../db/schema";

export interface DayRange {
  /** First day, YYYY-MM-DD (India), inclusive. */
  from: string;
  /** Last day, inclusive. */
  to: string;
}

export interface DayFigures {
  day: string;
  views: number;
  visitors: number;
  enquiries: number;
  registrations: number;
}

const inRange = (range: DayRange) => and(gte(pageViews.day, range.from), lte(pageViews.day, range.to));
const istDay = (column: typeof enquiries.createdAt | typeof registrations.createdAt) =>
  sql<string>`to_char(${column} at time zone ${sql.raw(`'${indiaTimeZone}'`)}, 'YYYY-MM-DD')`;

/** Every day of the range, with zeros where nothing happened. */
export async function figuresPerDay(db: AppDatabase, range: DayRange): Promise<DayFigures[]> {
  const [views, visitors, enquiryDays, registrationDays] = await Promise.all([
    db
      .select({ day: pageViews.day, n: sum(pageViews.views) })
      .from(pageViews)
      .where(inRange(range))
      .groupBy(pageViews.day),
    db
      .select({ day: dailyVisitors.day, n: count() })
      .from(dailyVisitors)
      .where(and(gte(dailyVisitors.day, range.from), lte(dailyVisitors.day, range.to)))
      .groupBy(dailyVisitors.day),
    submissionsPerDay(db, enquiries, range),
    submissionsPerDay(db, registrations, range),
  ]);
  const byDay = (rows: { day: string; n: unknown }[]) => new Map(rows.map((r) => [r.day, Number(r.n ?? 0)]));
  const v = byDay(views);
  const u = byDay(visitors);
  const e = byDay(enquiryDays);
  const r = byDay(registrationDays);
  return daysOf(range).map((day) => ({
    day,
    views: v.get(day) ?? 0,
    visitors: u.get(day) ?? 0,
    enquiries: e.get(day) ?? 0,
    registrations: r.get(day) ?? 0,
  }));
}

/** The range in India's days, as instants: from 00:00 IST of the first day to the end of the last. */
function submittedIn(table: typeof enquiries | typeof registrations, range: DayRange) {
  const { start, end } = indiaDays(range.from, range.to);
  return and(gte(table.createdAt, start), lt(table.createdAt, end));
}

function submissionsPerDay(db: AppDatabase, table: typeof enquiries | typeof registrations, range: DayRange) {
  const day = istDay(table.createdAt);
  return db.select({ day, n: count() }).from(table).where(submittedIn(table, range)).groupBy(day);
}

/** Visitors who first landed on a page (or came by a campaign), and how many of them wrote to us. */
export interface Conversion {
  /** The landing page, or "source / medium / campaign"; "" when not known (no first-touch cookie). */
  label: string;
  /** Visits that began here: the base of the rate. */
  entries: number;
  enquiries: number;
  registrations: number;
  /** Students who sent those forms (one student's enquiry and registration are one). */
  students: number;
}

type Dimension = "landing page" | "campaign";

function entryLabel(dimension: Dimension) {
  return dimension === "landing page"
    ? sql<string>`${pageViews.path}`
    : sql<string>`${pageViews.utmSource} || ' / ' || ${pageViews.utmMedium} || ' / ' || ${pageViews.utmCampaign}`;
}

function submissionLabel(dimension: Dimension, table: typeof enquiries | typeof registrations) {
  return dimension === "landing page"
    ? sql<string>`${table.landingPage}`
    : sql<string>`case when ${table.utmSource} = '' then '' else ${table.utmSource} || ' / ' || ${table.utmMedium} || ' / ' || ${table.utmCampaign} end`;
}

/**
 * Enquiries and registrations by the landing page or campaign of their first touch, beside
 * the entries there: conversion is exact, because each submission carries its own first touch.
 */
async function conversions(db: AppDatabase, range: DayRange, dimension: Dimension, limit = 15): Promise<Conversion[]> {
  const label = entryLabel(dimension);
  const bySubmissions = (table: typeof enquiries | typeof registrations) => {
    const key = submissionLabel(dimension, table);
    return db
      .select({ label: key, n: count(), studentId: table.studentId })
      .from(table)
      .where(submittedIn(table, range))
      .groupBy(key, table.studentId);
  };
  const [entryRows, enquiryRows, registrationRows] = await Promise.all([
    db
      .select({ label, n: sum(pageViews.entries) })
      .from(pageViews)
      .where(and(inRange(range), dimension === "campaign" ? ne(pageViews.utmSource, "") : undefined))
      .groupBy(label),
    bySubmissions(enquiries),
    bySubmissions(registrations),
  ]);
  const rows = new Map<string, Conversion>();
  const row = (key: string) => {
    let found = rows.get(key);
    if (!found) {
      found = { label: key, entries: 0, enquiries: 0, registrations: 0, students: 0 };
      rows.set(key, found);
    }
    return found;
  };
  for (const r of entryRows) row(r.label).entries += Number(r.n ?? 0);
  for (const r of enquiryRows) row(r.label).enquiries += r.n;
  for (const r of registrationRows) row(r.label).registrations += r.n;
  // Each student once per row, whichever forms they sent (a form without a record counts alone).
  const studentsOf = new Map<string, Set<number | string>>();
  for (const [index, r] of [...enquiryRows, ...registrationRows].entries()) {
    const set = studentsOf.get(r.label) ?? new Set();
    set.add(r.studentId ?? `form ${index}`);
    studentsOf.set(r.label, set);
  }
  for (const [key, set] of studentsOf) row(key).students = set.size;
  return (
    [...rows.values()]
      // Visits without a campaign are most of them: that table lists campaigns only.
      .filter((r) => r.entries + r.enquiries + r.registrations > 0 && (dimension === "landing page" || r.label !== ""))
      .sort(
        (a, b) =>
          b.students - a.students ||
          b.enquiries + b.registrations - (a.enquiries + a.registrations) ||
          b.entries - a.entries ||
          (a.label < b.label ? -1 : 1),
      )
      .slice(0, limit)
  );
}

export function conversionsByLandingPage(db: AppDatabase, range: DayRange) {
  return conversions(db, range, "landing page");
}

export function conversionsByCampaign(db: AppDatabase, range: DayRange) {
  return conversions(db, range, "campaign");
}

/**
 * The share of entries that became students: students whose forms carry a known first page,
 * over the visits that began (entries). Both count the same visits, those that were given a
 * first touch; forms without one (cookies off, staff) are counted apart and left out of the rate.
 * A student's entry may fall before the range (the first touch lasts 7 days): when more students
 * than entries are counted the figures are not comparable and no rate is given.
 */
export interface EntryConversion {
  entries: number;
  /** Students with at least one form in the range carrying a first page. */
  students: number;
  /** Students whose forms in the range carry no first page. */
  unattributed: number;
}

export async function entryConversion(db: AppDatabase, range: DayRange): Promise<EntryConversion> {
  const formsOf = (table: typeof enquiries | typeof registrations) =>
    db
      .select({ studentId: table.studentId, id: table.id, known: sql<boolean>`${table.landingPage} <> ''` })
      .from(table)
      .where(submittedIn(table, range));
  const [[entryRow], enquiryRows, registrationRows] = await Promise.all([
    db
      .select({ n: sum(pageViews.entries) })
      .from(pageViews)
      .where(inRange(range)),
    formsOf(enquiries),
    formsOf(registrations),
  ]);
  const known = new Set<string>();
  const unknown = new Set<string>();
  for (const [kind, rows] of [
    ["enquiry", enquiryRows],
    ["registration", registrationRows],
  ] as const) {
    for (const r of rows) (r.known ? known : unknown).add(r.studentId ? `s${r.studentId}` : `${kind}${r.id}`);
  }
  for (const key of known) unknown.delete(key);
  return { entries: Number(entryRow?.n ?? 0), students: known.size, unattributed: unknown.size };
}

export interface Ranked {
  label: string;
  views: number;
}

async function ranked(
  db: AppDatabase,
  range: DayRange,
  label: ReturnType<typeof sql<string>>,
  where = sql`true`,
  limit = 10,
): Promise<Ranked[]> {
  const rows = await db
    .select({ label, views: sum(pageViews.views) })
    .from(pageViews)
    .where(and(inRange(range), where))
    .groupBy(label)
    .orderBy(desc(sum(pageViews.views)))
    .limit(limit);
  return rows.map((row) => ({ label: row.label, views: Number(row.views ?? 0) }));
}

export function topPages(db: AppDatabase, range: DayRange) {
  return ranked(db, range, sql<string>`${pageViews.path}`);
}

export function topReferrers(db: AppDatabase, range: DayRange) {
  return ranked(db, range, sql<string>`${pageViews.referrerHost}`, ne(pageViews.referrerHost, ""));
}

export function topCampaigns(db: AppDatabase, range: DayRange) {
  return ranked(
    db,
    range,
    sql<string>`${pageViews.utmSource} || ' / ' || ${pageViews.utmMedium} || ' / ' || ${pageViews.utmCampaign}`,
    ne(pageViews.utmSource, ""),
  );
}

export function devices(db: AppDatabase, range: DayRange) {
  return ranked(db, range, sql<string>`${pageViews.device}`, sql`true`, 3);
}

/** Each day from `from` to `to`, inclusive (at most about two years). */
export function daysOf(range: DayRange): string[] {
  const days: string[] = [];
  for (let day = range.from; day <= range.to && days.length < 800; day = addIndiaDays(day, 1)) days.push(day);
  return days;
}
