// What each column of a list of leads means, guessed from its header as people write it ("Student
// Name", "Mobile No", "Email ID", "Interested In"...) and corrected by the admin before anything
// is stored. Browser-safe.

export const leadFields = [
  "name",
  "mobile",
  "email",
  "course",
  "state",
  "district",
  "city",
  "branch",
  "note",
  "ignore",
] as const;
export type LeadField = (typeof leadFields)[number];

export const leadFieldLabels: Record<LeadField, string> = {
  name: "Name",
  mobile: "Mobile",
  email: "E-mail",
  course: "Course",
  state: "State",
  district: "District",
  city: "City (as district)",
  branch: "Branch",
  note: "Note (remarks)",
  ignore: "Not used (kept with the row)",
};

/** Headers as they come, lower-cased with everything but letters and digits taken out. */
const headerWords: Record<Exclude<LeadField, "ignore">, readonly string[]> = {
  name: [
    "name",
    "studentname",
    "fullname",
    "candidatename",
    "leadname",
    "nameofthestudent",
    "applicantname",
    "firstname",
  ],
  mobile: [
    "mobile",
    "mobileno",
    "mobilenumber",
    "phone",
    "phoneno",
    "phonenumber",
    "contact",
    "contactno",
    "contactnumber",
    "cell",
    "whatsapp",
    "whatsappnumber",
    "mobilephone",
  ],
  email: ["email", "emailid", "emailaddress", "mail", "mailid"],
  course: ["course", "courses", "interestedin", "interest", "coursename", "program", "programme", "coursesinterested"],
  state: ["state"],
  district: ["district"],
  city: ["city", "location", "town", "place"],
  branch: ["branch", "centre", "center", "campus", "preferredbranch", "branchpreference", "preferredcentre", "mode"],
  note: ["remarks", "remark", "notes", "note", "comments", "comment", "query", "message"],
};

function compact(header: string): string {
  return header.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
}

/** The meaning of each column by its header; a meaning goes to the first column that claims it. */
export function guessLeadColumns(headers: readonly string[]): LeadField[] {
  const taken = new Set<LeadField>();
  return headers.map((header) => {
    const word = compact(header);
    const field = (Object.keys(headerWords) as Exclude<LeadField, "ignore">[]).find(
      (candidate) => !taken.has(candidate) && headerWords[candidate].includes(word),
    );
    if (!field) return "ignore";
    taken.add(field);
    return field;
  });
}

export function isLeadField(value: unknown): value is LeadField {
  return typeof value === "string" && (leadFields as readonly string[]).includes(value);
}
