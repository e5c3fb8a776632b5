/**
 * The institute's facts, in one place. Everything the public pages say about
 * the institute itself (name, contact, links, branches) comes from here.
 */
export const site = {
  name: "Sampige Tech Academy",
  shortName: "Sampige Tech",
  tagline: "Connecting The Dots......",
  blurb:
    "Sampige Tech Academy trains engineers in embedded systems, IoT, Python full-stack development, artificial intelligence and MATLAB through small classes, real hardware and mentors who have built products for a living.",
  address: {
    street: "2nd Floor, 14 Residency Road, Ashok Nagar",
    locality: "Bengaluru",
    region: "Karnataka",
    postalCode: "560025",
    country: "IN",
  },
  phone: "+91 98765 43210",
  email: "admissions@sampige-academy.example",
  whatsapp: {
    /** International format without "+" or spaces, as wa.me expects. */
    number: "919876543210",
    message: "Hello! I would like to know more about your courses, fees and the next batch dates.",
  },
  links: {
    video: "https://www.youtube.com/@sampige-academy-example",
    facebook: "https://www.facebook.com/sampige.academy.example",
    twitter: "https://x.com/sampige_example",
    linkedin: "https://www.linkedin.com/company/sampige-academy-example",
    instagram: "https://www.instagram.com/sampige.academy.example",
  },
  /**
   * The institute's branches. A branch's `key` never changes (other records refer to it);
   * everything else is its default, which staff may change in the desk (/admin/branches).
   * What is not known is null and is not shown: Chennai's street address, phone and hours
   * are not known here (docs/decisions/022-branches-and-photos.md).
   */
  branches: [
    {
      key: "chennai",
      name: "Chennai",
      established: 2014,
      address: { street: null, locality: "Chennai", region: "Tamil Nadu", postalCode: null, country: "IN" },
      phone: null,
      mapUrl: null,
      hours: null,
    },
    {
      key: "bangalore",
      name: "Bangalore",
      established: 2021,
      address: {
        street: "2nd Floor, 14 Residency Road, Ashok Nagar",
        locality: "Bengaluru",
        region: "Karnataka",
        postalCode: "560025",
        country: "IN",
      },
      phone: "+91 98765 43210",
      mapUrl: "https://www.google.com/maps/search/?api=1&query=Residency+Road+Ashok+Nagar+Bengaluru+560025",
      /** Days as schema.org abbreviations (Mo..Su), times 24-hour India time. */
      hours: { days: ["Mo", "Tu", "We", "Th", "Fr", "Sa"], opens: "09:30", closes: "18:30" },
    },
  ],
  foundersExperienceYears: 10,
  /** A batch's seats (app/site/batch-rules.ts, decision 032). */
  batches: {
    /**
     * With this many seats left or fewer (and at least one), a batch that has a total of seats
     * says "Filling fast" on the public pages; at none it says "Full".
     */
    fillingFastAt: 5,
  },
  /** Contact for privacy requests and grievances. */
  grievanceContact: "privacy@sampige-academy.example",
  privacy: {
    /** Enquiries and registrations older than this are deleted (`npm run cli -- purge`, and daily by the server). */
    retentionMonths: 24,
  },
  /** E-mail reminders to the desk (app/admissions/my-day/reminders.server.ts, decision 019); sent only with SMTP_URL. */
  reminders: {
    /** The hour (0-23) each counsellor's morning digest goes out, in `timeZone`. */
    digestHour: 8,
    /** The time zone of `digestHour` and of the digest's day (an IANA name). */
    timeZone: "Asia/Kolkata",
    /** E-mail the admins about each new student not contacted within the first-contact limit. */
    alertAdminsAboutUncontacted: false,
  },
  admissions: {
    /**
     * Other names for the desk's stages and lost reasons, e.g. { visit: "Campus visit" }: only
     * the labels change; the stages themselves are app/admissions/records/student-stages.ts.
     */
    stageLabels: {} as Readonly<Record<string, string>>,
    lostReasonLabels: {} as Readonly<Record<string, string>>,
    /**
     * Other names for how a student came when not through a web form, e.g. { fair: "Seminar" }:
     * the sources themselves are app/admissions/intake/intake-sources.ts.
     */
    intakeSourceLabels: {} as Readonly<Record<string, string>>,
    /**
     * When the admissions desk works, India time (app/admissions/my-day/working-hours.ts): the days
     * ("sun" to "sat") and the hours of each. Waiting for a first call is counted in these hours only.
     */
    workingHours: { days: ["mon", "tue", "wed", "thu", "fri", "sat"], start: "09:30", end: "18:30" },
    /** A new student not called or messaged within this much working time is flagged on the team view. */
    firstContactWithinMinutes: 120,
    /** My day (app/admissions/my-day/my-day.server.ts): rows shown per group, and how far back "recently active" looks. */
    myDay: { rowsPerGroup: 8, recentDays: 7 },
  },
  analytics: {
    /** An external measurement ID (e.g. "G-XXXX"); off when empty. */
    externalMeasurementId: "",
  },
} as const;

export type Site = typeof site;
export type BranchKey = (typeof site.branches)[number]["key"];

export function whatsappHref(message: string = site.whatsapp.message): string {
  return `https://wa.me/${site.whatsapp.number}?text=${encodeURIComponent(message)}`;
}

export function telHref(): string {
  return `tel:${site.phone.replace(/\s+/g, "")}`;
}

export function fullAddress(): string {
  const a = site.address;
  return `${a.street}, ${a.locality}, ${a.region} ${a.postalCode}`;
}
