// What enquiries and registrations share: the student's fields, filters and paging.
import { type AnyColumn, gte, ilike, lt, or, type SQL } from "drizzle-orm";
import type { CsvColumn } from "~/platform/csv";

/** A student's answers, already validated and normalised by the form's rules. */
export interface SubmissionFields {
  name: string;
  email: string;
  mobile: string;
  stream: string;
  major: string;
  state: string;
  district: string;
  /** A student under 18 comes with a guardian's name, mobile and consent (the form's rules see to it). */
  under18?: boolean;
  guardianName?: string;
  guardianMobile?: string;
  guardianConsent?: boolean;
}

/** How a submission is stored: its form's token (exactly once) and where the student first landed. */
export interface SubmissionMeta {
  submissionToken: string;
  firstTouch?: {
    landingPage: string;
    utmSource: string;
    utmMedium: string;
    utmCampaign: string;
  };
}

/** What storing a submission did: a resubmitted token gives the first row's id. */
export interface StoredSubmission {
  id: number;
  duplicate: boolean;
}

export interface SubmissionListOptions {
  /** Entries at or after this time. */
  since?: Date;
  /** Entries before this time. */
  until?: Date;
  /** Part of a name, e-mail or mobile number, any case. */
  search?: string;
  /** Page size: default 100, at most 1000. */
  limit?: number;
  offset?: number;
}

export interface SubmissionPage<Row> {
  /** Newest first. */
  rows: Row[];
  /** All entries matching the filters, across pages. */
  total: number;
}

export const defaultPageSize = 100;
export const maxPageSize = 1000;
/** Rows fetched per round trip while exporting. */
export const exportBatchSize = 500;

/** The columns to insert for a submission: the student's fields, the guardian's, and the first touch. */
export function submissionValues(input: SubmissionFields, meta: SubmissionMeta) {
  const { name, email, mobile, stream, major, state, district } = input;
  const under18 = input.under18 === true;
  return {
    name,
    email,
    mobile,
    stream,
    major,
    state,
    district,
    under18,
    guardianName: under18 ? (input.guardianName ?? "") : "",
    guardianMobile: under18 ? (input.guardianMobile ?? "") : "",
    guardianConsent: under18 && input.guardianConsent === true,
    submissionToken: meta.submissionToken,
    landingPage: meta.firstTouch?.landingPage ?? "",
    utmSource: meta.firstTouch?.utmSource ?? "",
    utmMedium: meta.firstTouch?.utmMedium ?? "",
    utmCampaign: meta.firstTouch?.utmCampaign ?? "",
  };
}

export function pageOf(options: SubmissionListOptions): { limit: number; offset: number } {
  const limit = Math.min(maxPageSize, Math.max(1, Math.trunc(options.limit ?? defaultPageSize)));
  const offset = Math.max(0, Math.trunc(options.offset ?? 0));
  return { limit, offset };
}

/** The WHERE conditions for time window and search; undefined parts are dropped by and(). */
export function submissionFilters(
  columns: { createdAt: AnyColumn; name: AnyColumn; email: AnyColumn; mobile: AnyColumn },
  options: SubmissionListOptions,
): (SQL | undefined)[] {
  return [
    options.since ? gte(columns.createdAt, options.since) : undefined,
    options.until ? lt(columns.createdAt, options.until) : undefined,
    searchCondition(columns, options.search),
  ];
}

function searchCondition(
  columns: { name: AnyColumn; email: AnyColumn; mobile: AnyColumn },
  search: string | undefined,
): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  // Staff type numbers as they were read out: "98765 43210", "+91-98765...".
  const digits = text.replace(/[\s()+-]/g, "");
  const mobilePattern = /^\d+$/.test(digits) ? `%${digits}%` : pattern;
  return or(ilike(columns.name, pattern), ilike(columns.email, pattern), ilike(columns.mobile, mobilePattern));
}

/** Makes %, _ and \ match themselves in a LIKE pattern (backslash is PostgreSQL's default escape). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** India keeps +05:30 all year: exports show the time staff saw it arrive, e.g. 2027-01-12 10:05:09 +05:30. */
export function indiaTime(date: Date): string {
  const shifted = new Date(date.getTime() + 330 * 60_000);
  return `${shifted.toISOString().slice(0, 19).replace("T", " ")} +05:30`;
}

/** CSV columns that enquiries and registrations share after the student's own details. */
export function sharedCsvColumns<
  Row extends {
    under18: boolean;
    guardianName: string;
    guardianMobile: string;
    status: string;
    notes: string;
    landingPage: string;
    utmSource: string;
    utmMedium: string;
    utmCampaign: string;
  },
>(): CsvColumn<Row>[] {
  return [
    { header: "Under 18", value: (row) => (row.under18 ? "yes" : "no") },
    { header: "Guardian", value: (row) => row.guardianName },
    { header: "Guardian mobile", value: (row) => row.guardianMobile },
    { header: "Status", value: (row) => row.status },
    { header: "Notes", value: (row) => row.notes },
    { header: "Landing page", value: (row) => row.landingPage },
    { header: "Campaign source", value: (row) => row.utmSource },
    { header: "Campaign medium", value: (row) => row.utmMedium },
    { header: "Campaign", value: (row) => row.utmCampaign },
  ];
}
