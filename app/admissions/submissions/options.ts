/** Option lists of the enquiry and registration forms. Shared by the browser and the server. */
import { type CourseId, type CourseValue, courseCatalog, courseValues } from "~/site/course-catalog";

export interface Option<V extends string = string> {
  value: V;
  label: string;
}

export const streamValues = [
  "B.E",
  "B.TECH",
  "M.TECH",
  "M.E",
  "MS",
  "M.SC",
  "MCA",
  "BCA",
  "B.SC",
  "MBA",
  "DIPLOMA",
  "OTHERS",
] as const;
export type StreamValue = (typeof streamValues)[number];
export const streams: readonly Option<StreamValue>[] = streamValues.map((value) => ({ value, label: value }));

export const majorValues = [
  "ECE",
  "EEE",
  "EE",
  "EIE",
  "MECHANICAL",
  "MECHTRONICS",
  "CSE",
  "IT",
  "COMPUTER",
  "POWER SYSTEMS",
  "CIVIL",
  "E&TC",
  "ESYS",
  "VLSI",
  "BIO TECHNOLOGY",
  "AGRI CULTURE",
  "OTHERS",
] as const;
export type MajorValue = (typeof majorValues)[number];
export const majors: readonly Option<MajorValue>[] = majorValues.map((value) => ({ value, label: value }));

export const stateValues = ["tamilnadu", "karnataka", "kerala", "other"] as const;
export type StateValue = (typeof stateValues)[number];
export const states: readonly Option<StateValue>[] = [
  { value: "tamilnadu", label: "Tamil Nadu" },
  { value: "karnataka", label: "Karnataka" },
  { value: "kerala", label: "Kerala" },
  { value: "other", label: "Other" },
];

export const statePlaceholder = "Select state";
export const districtPlaceholder = "Select district";

export const districtsByState: Readonly<Record<StateValue, readonly string[]>> = {
  // 38 districts (Mayiladuthurai, formed in 2020, is the newest).
  tamilnadu: [
    "Ariyalur",
    "Chengalpattu",
    "Chennai",
    "Coimbatore",
    "Cuddalore",
    "Dharmapuri",
    "Dindigul",
    "Erode",
    "Kallakurichi",
    "Kancheepuram",
    "Kanniyakumari",
    "Karur",
    "Krishnagiri",
    "Madurai",
    "Mayiladuthurai",
    "Nagapattinam",
    "Namakkal",
    // Officially "The Nilgiris"; without the article so it sorts where students look for it.
    "Nilgiris",
    "Perambalur",
    "Pudukkottai",
    "Ramanathapuram",
    "Ranipet",
    "Salem",
    "Sivaganga",
    "Tenkasi",
    "Thanjavur",
    "Theni",
    "Thoothukudi",
    "Tiruchirappalli",
    "Tirunelveli",
    "Tirupathur",
    "Tiruppur",
    "Tiruvallur",
    "Tiruvannamalai",
    "Tiruvarur",
    "Vellore",
    "Viluppuram",
    "Virudhunagar",
  ],
  // 31 districts (Vijayanagara, formed in 2021, is the newest).
  karnataka: [
    "Bagalkot",
    "Ballari",
    "Belagavi",
    "Bengaluru Rural",
    // Ramanagara district was officially renamed "Bengaluru South" in 2025.
    "Bengaluru South",
    "Bengaluru Urban",
    "Bidar",
    "Chamarajanagar",
    "Chikkaballapura",
    "Chikkamagaluru",
    "Chitradurga",
    "Dakshina Kannada",
    "Davanagere",
    "Dharwad",
    "Gadag",
    "Hassan",
    "Haveri",
    "Kalaburagi",
    "Kodagu",
    "Kolar",
    "Koppal",
    "Mandya",
    "Mysuru",
    "Raichur",
    "Shivamogga",
    "Tumakuru",
    "Udupi",
    "Uttara Kannada",
    "Vijayanagara",
    "Vijayapura",
    "Yadgir",
  ],
  kerala: [
    "Alappuzha",
    "Ernakulam",
    "Idukki",
    "Kannur",
    "Kasaragod",
    "Kollam",
    "Kottayam",
    "Kozhikode",
    "Malappuram",
    "Palakkad",
    "Pathanamthitta",
    "Thiruvananthapuram",
    "Thrissur",
    "Wayanad",
  ],
  other: ["Other"],
};

export function isStateValue(value: unknown): value is StateValue {
  return typeof value === "string" && Object.hasOwn(districtsByState, value);
}

/** A state as people read it ("Tamil Nadu"), for a stored value ("tamilnadu"); unknown ones as stored. */
export function stateLabelOf(state: string): string {
  return states.find((option) => option.value === state)?.label ?? state;
}

/** The districts offered for a state; none until a known state is chosen. */
export function districtsFor(state: unknown): readonly string[] {
  return isStateValue(state) ? districtsByState[state] : [];
}

export { type CourseValue, courseValues };
export const courseOptions: readonly Option<CourseValue>[] = courseCatalog.map((course) => ({
  value: course.registrationValue,
  label: course.optionLabel,
}));

export const coursePlaceholder = "Select course";

/** Registration value for each course page id (/courses/:id). */
export const courseValueByPageId = Object.fromEntries(
  courseCatalog.map((course) => [course.pageId, course.registrationValue]),
) as Readonly<Record<CourseId, CourseValue>>;

// Staff call a course by its key too ("python" is the fullstack course).
const courseValueByKey = Object.fromEntries(
  courseCatalog.map((course) => [course.key, course.registrationValue]),
) as Readonly<Record<string, CourseValue>>;

/**
 * The registration value for a course page id or registration value from a URL, e.g. ?course=fullstack,
 * case-insensitively; undefined when it names no course.
 */
export function courseValueFromParam(param: string | null): CourseValue | undefined {
  if (param == null) return undefined;
  const key = param
    .trim()
    .toLowerCase()
    .replace(/[\s_+-]+/g, " ");
  const byValue = courseOptions.find((option) => option.value === key);
  if (byValue) return byValue.value;
  if (Object.hasOwn(courseValueByPageId, key)) return courseValueByPageId[key as CourseId];
  return Object.hasOwn(courseValueByKey, key) ? courseValueByKey[key] : undefined;
}
