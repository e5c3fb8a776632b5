import { describe, expect, it } from "vitest";
import {
  enquiryFieldNames,
  enquirySchema,
  fieldNames,
  messages,
  registrationFieldNames,
  registrationSchema,
  validateField,
  validateSubmission,
} from "./submission-schema";

const student = {
  name: "Priya Raman",
  email: "priya@example.com",
  mobile: "9876543210",
  stream: "B.E",
  major: "ECE",
  state: "tamilnadu",
  district: "Chennai",
};
/** What the form posts: the student's details and the ticked consent box. */
const enquiry = { ...student, consent: "yes" };
const registration = { ...enquiry, course: "embedded" };
/** What validation gives back for an adult student who consented. */
const adult = { under18: false, guardianName: "", guardianMobile: "", guardianConsent: false, consent: true };
const enquiryData = { ...student, question: "", ...adult };
const registrationData = { ...student, course: "embedded", batch: null, ...adult };

function errorsFor(kind: "enquiry" | "registration", input: Record<string, unknown>) {
  const result = validateSubmission(kind, input);
  if (result.ok) throw new Error(`expected ${JSON.stringify(input)} to fail`);
  return result;
}

describe("messages", () => {
  it("holds the exact wording of the brief", () => {
    expect(messages).toEqual({
      nameRequired: "Please enter your name",
      nameTooLong: "Name must be at most 100 characters",
      nameInvalid: "Name contains characters that are not allowed",
      emailRequired: "Please enter your email",
      emailInvalid: "Invalid email format",
      mobileRequired: "Please enter your mobile number",
      mobileInvalid: "Invalid mobile number format",
      streamRequired: "Please select a stream",
      majorRequired: "Please select a major",
      stateRequired: "Please select a state",
      districtRequired: "Please select a district",
      courseRequired: "Please select a course",
      batchInvalid: "Please choose a batch from the list, or leave it empty",
      batchNotOpen: "This batch is no longer open: please choose another, or leave it empty",
      batchOtherCourse:
        "This batch is of another course: please choose one of your course's batches, or leave it empty",
      batchFull: "This batch has just filled up: please choose another, or leave it empty",
      courseChoiceInvalid: 'Please choose a course from the list, or leave it at "Not sure yet"',
      questionTooLong: "At most 1000 characters, please",
      questionInvalid: "Your question contains characters that are not allowed",
      consentRequired: "Please tick the box to let us use these details to answer you",
      guardianNameRequired: "Please enter your parent's or guardian's name",
      guardianMobileRequired: "Please enter your parent's or guardian's phone number",
      guardianConsentRequired: "A parent or guardian must agree for a student under 18",
      fillAllFields: "Please fill in all fields.",
      fixErrors: "Please fix the validation errors before submitting.",
      success: "Form submitted successfully!",
    });
  });

  it("lists the fields in form order", () => {
    const own = ["name", "email", "mobile", "stream", "major", "state", "district"];
    const privacy = ["under18", "guardianName", "guardianMobile", "guardianConsent", "consent"];
    expect(enquiryFieldNames).toEqual([...own, "course", "question", ...privacy]);
    expect(registrationFieldNames).toEqual([...own, "course", "batch", ...privacy]);
    expect(fieldNames).toEqual([...own, "course", "question", "batch", ...privacy]);
  });
});

describe("validateSubmission", () => {
  it("accepts a complete enquiry and normalizes it", () => {
    const result = validateSubmission("enquiry", {
      ...enquiry,
      name: "  Priya Raman  ",
      email: "  Priya.Raman@Example.COM ",
      mobile: " 98765-43210 ",
      website: "ignored extra field",
    });
    expect(result).toEqual({
      ok: true,
      data: { ...enquiryData, email: "priya.raman@example.com", mobile: "9876543210" },
    });
  });

  it("accepts a registration and stores the course lower-cased", () => {
    expect(validateSubmission("registration", { ...registration, course: "IoT" })).toEqual({
      ok: true,
      data: { ...registrationData, course: "iot" },
    });
    expect(validateSubmission("registration", { ...registration, course: "python fullstack" })).toMatchObject({
      ok: true,
      data: { course: "python fullstack" },
    });
  });

  it("gives every empty field its message and asks to fill in all fields", () => {
    const result = errorsFor("registration", {});
    expect(result.formError).toBe(messages.fillAllFields);
    expect(result.fieldErrors).toEqual({
      name: "Please enter your name",
      email: "Please enter your email",
      mobile: "Please enter your mobile number",
      stream: "Please select a stream",
      major: "Please select a major",
      state: "Please select a state",
      district: "Please select a district",
      course: "Please select a course",
      consent: messages.consentRequired,
    });
    // Blank strings, as a plain HTML form posts them, are empty too.
    const blank = Object.fromEntries(registrationFieldNames.map((name) => [name, "  "]));
    expect(errorsFor("registration", blank)).toEqual(result);
  });

  it("takes an optional batch as its id, and nothing else", () => {
    expect(validateSubmission("registration", { ...registration, batch: "" })).toMatchObject({ data: { batch: null } });
    expect(validateSubmission("registration", { ...registration, batch: " 42 " })).toMatchObject({
      data: { batch: 42 },
    });
    expect(errorsFor("registration", { ...registration, batch: "42; drop table" }).fieldErrors).toEqual({
      batch: messages.batchInvalid,
    });
    expect(errorsFor("registration", { ...registration, batch: ["1", "2"] }).fieldErrors).toEqual({
      batch: messages.batchInvalid,
    });
  });

  it("does not ask an enquiry for a course", () => {
    expect(errorsFor("enquiry", {}).fieldErrors).not.toHaveProperty("course");
    expect(errorsFor("enquiry", {}).fieldErrors).not.toHaveProperty("question");
    expect(validateSubmission("enquiry", enquiry).ok).toBe(true);
  });

  it("takes an enquiry's optional course from the list, in any case, and nothing else", () => {
    expect(validateSubmission("enquiry", { ...enquiry, course: "IoT" })).toMatchObject({
      ok: true,
      data: { course: "iot" },
    });
    expect(validateSubmission("enquiry", { ...enquiry, course: "" })).toMatchObject({
      ok: true,
      data: { course: undefined },
    });
    const refused = errorsFor("enquiry", { ...enquiry, course: "cobol" });
    expect(refused).toEqual({
      ok: false,
      fieldErrors: { course: messages.courseChoiceInvalid },
      formError: messages.fixErrors,
    });
    expect(errorsFor("enquiry", { ...enquiry, course: ["iot"] }).fieldErrors.course).toBe(messages.courseChoiceInvalid);
  });

  it("keeps an enquiry's question as typed on several lines, trimmed, up to its limit in characters", () => {
    expect(validateSubmission("enquiry", { ...enquiry, question: " Fees?\r\nAnd\ttimings? " })).toMatchObject({
      ok: true,
      data: { question: "Fees?\nAnd\ttimings?" },
    });
    // 1,000 Devanagari letters (one UTF-16 unit each) and 1,000 emoji (two each) are both within it.
    for (const letter of ["क", "🙂"]) {
      expect(validateSubmission("enquiry", { ...enquiry, question: letter.repeat(1000) }).ok).toBe(true);
      expect(errorsFor("enquiry", { ...enquiry, question: letter.repeat(1001) }).fieldErrors).toEqual({
        question: messages.questionTooLong,
      });
    }
    for (const bad of ["bell\u0007", "nul\u0000", "line\u2028separator", "lone \ud800"]) {
      expect(errorsFor("enquiry", { ...enquiry, question: bad }).fieldErrors.question).toBe(messages.questionInvalid);
    }
    expect(errorsFor("enquiry", { ...enquiry, question: 42 }).fieldErrors.question).toBe(messages.questionInvalid);
    // A wrong question alone is a validation error, never "fill in all fields".
    expect(errorsFor("enquiry", { ...enquiry, question: "x".repeat(1001) }).formError).toBe(messages.fixErrors);
  });

  it("asks to fill in all fields when one is empty, even if another is also malformed", () => {
    const result = errorsFor("enquiry", { ...enquiry, stream: "", email: "not-an-email" });
    expect(result.formError).toBe(messages.fillAllFields);
    expect(result.fieldErrors).toEqual({ email: messages.emailInvalid, stream: messages.streamRequired });
  });

  it("asks to fix the errors when only a bad email is outstanding", () => {
    expect(errorsFor("enquiry", { ...enquiry, email: "priya@" })).toEqual({
      ok: false,
      fieldErrors: { email: "Invalid email format" },
      formError: "Please fix the validation errors before submitting.",
    });
  });

  it("returns field errors in form order", () => {
    const result = errorsFor("registration", { ...registration, course: "java", district: "Mysuru", name: "" });
    expect(Object.keys(result.fieldErrors)).toEqual(["name", "district", "course"]);
  });
});

describe("mobile", () => {
  it.each([
    "9876543210",
    "0123456789",
    " 9876543210 ",
    "98765 43210",
    "987-654-3210",
    "+919876543210",
    "+91 98765 43210",
    "919876543210",
    "09876543210",
    "(987) 6543210",
  ])("accepts %j", (mobile) => {
    expect(validateSubmission("enquiry", { ...enquiry, mobile })).toMatchObject({ ok: true });
  });

  it.each([
    "987654321",
    "98765432101",
    "98765abcde",
    "+1 987 654 3210",
    "+9198765432",
    "９８７６５４３２１０",
    "9876543210.",
  ])("rejects %j", (mobile) => {
    expect(errorsFor("enquiry", { ...enquiry, mobile }).fieldErrors).toEqual({ mobile: messages.mobileInvalid });
  });

  it("stores the digits only", () => {
    expect(enquirySchema.parse({ ...enquiry, mobile: "98765 43210" }).mobile).toBe("9876543210");
  });
});

describe("email", () => {
  it.each(["priya@example.com", "priya.raman+course@mail.example.co.in", "p_r-1@college.edu", "  PRIYA@EXAMPLE.COM  "])(
    "accepts %j",
    (email) => {
      expect(validateSubmission("enquiry", { ...enquiry, email })).toMatchObject({ ok: true });
    },
  );

  it.each([
    "priya raman@example.com",
    "priya@exam ple.com",
    "priya.example.com",
    "priya@",
    "@example.com",
    "priya@@example.com",
    "priya@example",
    "priya..raman@example.com",
    `${"a".repeat(245)}@example.com`,
  ])("rejects %j", (email) => {
    expect(errorsFor("enquiry", { ...enquiry, email }).fieldErrors).toEqual({ email: messages.emailInvalid });
  });

  it("stores it trimmed and lower-cased", () => {
    expect(enquirySchema.parse({ ...enquiry, email: " Priya@Example.COM " }).email).toBe("priya@example.com");
  });
});

describe("name", () => {
  it.each([
    "பிரியா ராமன்",
    "ಪ್ರಿಯಾ",
    "പ്രിയ",
    "അവന\u0d4d\u200d", // Malayalam chillu written with a zero-width joiner
    "ക\u0d4d\u200cക", // zero-width non-joiner
    "प्रिया शर्मा",
    "José D'Souza",
    "A. R. Rahman",
    "O'Neil-Kumar",
    "Robert'); DROP TABLE x;--",
    "<script>alert(1)</script>",
    "x",
  ])("accepts %j as text", (name) => {
    expect(validateSubmission("enquiry", { ...enquiry, name })).toEqual({ ok: true, data: { ...enquiryData, name } });
  });

  it("trims it", () => {
    expect(enquirySchema.parse({ ...enquiry, name: "\t Priya \n" }).name).toBe("Priya");
  });

  it("allows 100 characters, counting letters outside the BMP once", () => {
    expect(validateSubmission("enquiry", { ...enquiry, name: "a".repeat(100) }).ok).toBe(true);
    expect(validateSubmission("enquiry", { ...enquiry, name: "𝒜".repeat(100) }).ok).toBe(true);
    expect(errorsFor("enquiry", { ...enquiry, name: "a".repeat(101) }).fieldErrors).toEqual({
      name: messages.nameTooLong,
    });
  });

  it("rejects a 10,000-character name", () => {
    expect(errorsFor("enquiry", { ...enquiry, name: "a".repeat(10_000) })).toEqual({
      ok: false,
      fieldErrors: { name: "Name must be at most 100 characters" },
      formError: messages.fixErrors,
    });
  });

  it.each([
    "Priya\u0000",
    "Pri\nya",
    "Pri\rya",
    "Pri\tya",
    "Priya\u001b[31m",
    "Pri\u007fya",
    "Pri\u0085ya",
    "Pri\u2028ya",
    "Pri\ud800ya",
  ])("rejects control characters in %j", (name) => {
    expect(errorsFor("enquiry", { ...enquiry, name }).fieldErrors).toEqual({
      name: "Name contains characters that are not allowed",
    });
  });
});

describe("options", () => {
  it("rejects an unknown stream, major, state or course as unselected", () => {
    const result = errorsFor("registration", {
      ...registration,
      stream: "PHD",
      major: "ece",
      state: "goa",
      course: "java",
    });
    expect(result.formError).toBe(messages.fixErrors);
    expect(result.fieldErrors).toEqual({
      stream: "Please select a stream",
      major: "Please select a major",
      state: "Please select a state",
      district: "Please select a district",
      course: "Please select a course",
    });
  });

  it("rejects values of the wrong type", () => {
    const result = errorsFor("enquiry", { ...enquiry, stream: ["B.E", "MBA"], mobile: 9876543210, name: {} });
    expect(result.formError).toBe(messages.fixErrors);
    expect(result.fieldErrors).toEqual({
      name: messages.nameInvalid,
      mobile: messages.mobileInvalid,
      stream: messages.streamRequired,
    });
  });

  it("treats null as an empty field", () => {
    expect(errorsFor("enquiry", { ...enquiry, major: null })).toEqual({
      ok: false,
      fieldErrors: { major: messages.majorRequired },
      formError: messages.fillAllFields,
    });
  });
});

describe("district", () => {
  it("must belong to the chosen state", () => {
    expect(errorsFor("enquiry", { ...enquiry, state: "karnataka", district: "Chennai" })).toEqual({
      ok: false,
      fieldErrors: { district: "Please select a district" },
      formError: messages.fixErrors,
    });
    expect(validateSubmission("enquiry", { ...enquiry, state: "karnataka", district: "Bengaluru South" }).ok).toBe(
      true,
    );
    expect(validateSubmission("enquiry", { ...enquiry, state: "kerala", district: "Thrissur" }).ok).toBe(true);
    expect(validateSubmission("enquiry", { ...enquiry, state: "other", district: "Other" }).ok).toBe(true);
    expect(errorsFor("enquiry", { ...enquiry, state: "other", district: "Chennai" }).fieldErrors).toEqual({
      district: messages.districtRequired,
    });
  });

  it("is checked even when other fields fail", () => {
    const result = errorsFor("enquiry", { ...enquiry, name: "a".repeat(200), mobile: 42, district: "Mysuru" });
    expect(result.fieldErrors.district).toBe(messages.districtRequired);
  });

  it("is rejected with no state chosen", () => {
    expect(errorsFor("enquiry", { ...enquiry, state: "" })).toEqual({
      ok: false,
      fieldErrors: { state: messages.stateRequired, district: messages.districtRequired },
      formError: messages.fillAllFields,
    });
  });

  it("is matched exactly", () => {
    expect(errorsFor("enquiry", { ...enquiry, district: "chennai" }).fieldErrors).toEqual({
      district: messages.districtRequired,
    });
    expect(errorsFor("enquiry", { ...enquiry, district: "toString" }).fieldErrors).toEqual({
      district: messages.districtRequired,
    });
  });
});

describe("validateField", () => {
  it("reports only the named field", () => {
    const values = { name: "Priya", email: "bad" };
    expect(validateField("enquiry", "name", values)).toBeUndefined();
    expect(validateField("enquiry", "email", values)).toBe(messages.emailInvalid);
    expect(validateField("enquiry", "mobile", values)).toBe(messages.mobileRequired);
  });

  it("checks the district against the state in the values", () => {
    expect(validateField("enquiry", "district", { state: "kerala", district: "Kollam" })).toBeUndefined();
    expect(validateField("enquiry", "district", { state: "tamilnadu", district: "Kollam" })).toBe(
      messages.districtRequired,
    );
  });

  it("checks the course on registrations only", () => {
    expect(validateField("registration", "course", { course: "" })).toBe(messages.courseRequired);
    expect(validateField("registration", "course", { course: "MATLAB" })).toBeUndefined();
    expect(validateField("enquiry", "course", {})).toBeUndefined();
  });
});

describe("schemas", () => {
  it("drop fields they do not know", () => {
    expect(registrationSchema.parse({ ...registration, website: "spam", id: 7 })).toEqual(registrationData);
  });

  it("need a course for registrations", () => {
    expect(registrationSchema.safeParse(enquiry).success).toBe(false);
    expect(enquirySchema.safeParse(enquiry).success).toBe(true);
  });
});

describe("consent", () => {
  it("is needed, as a ticked box, before anything is stored", () => {
    const { consent: _, ...unticked } = enquiry;
    expect(errorsFor("enquiry", unticked)).toEqual({
      ok: false,
      fieldErrors: { consent: messages.consentRequired },
      formError: messages.fixErrors,
    });
    expect(errorsFor("enquiry", { ...enquiry, consent: "no" }).fieldErrors).toEqual({
      consent: messages.consentRequired,
    });
    // A checkbox without a value attribute posts "on".
    expect(validateSubmission("enquiry", { ...enquiry, consent: "on" }).ok).toBe(true);
  });
});

describe("a student under 18", () => {
  const minor = { ...enquiry, under18: "yes" };
  const guardian = { guardianName: "Lakshmi Raman", guardianMobile: "98450 12345", guardianConsent: "yes" };

  it("needs a parent's or guardian's name, mobile and consent", () => {
    expect(errorsFor("enquiry", minor)).toEqual({
      ok: false,
      fieldErrors: {
        guardianName: messages.guardianNameRequired,
        guardianMobile: messages.guardianMobileRequired,
        guardianConsent: messages.guardianConsentRequired,
      },
      formError: messages.fillAllFields,
    });
    expect(errorsFor("enquiry", { ...minor, ...guardian, guardianConsent: "" })).toEqual({
      ok: false,
      fieldErrors: { guardianConsent: messages.guardianConsentRequired },
      formError: messages.fixErrors,
    });
  });

  it("checks the guardian's mobile and name like the student's", () => {
    expect(errorsFor("enquiry", { ...minor, ...guardian, guardianMobile: "12345" }).fieldErrors).toEqual({
      guardianMobile: messages.mobileInvalid,
    });
    expect(errorsFor("enquiry", { ...minor, ...guardian, guardianName: "a".repeat(101) }).fieldErrors).toEqual({
      guardianName: messages.nameTooLong,
    });
    expect(errorsFor("enquiry", { ...minor, ...guardian, guardianName: "Lak\u0000shmi" }).fieldErrors).toEqual({
      guardianName: messages.nameInvalid,
    });
  });

  it("is stored with the guardian's details, the mobile as digits", () => {
    expect(validateSubmission("enquiry", { ...minor, ...guardian })).toEqual({
      ok: true,
      data: {
        ...enquiryData,
        under18: true,
        guardianName: "Lakshmi Raman",
        guardianMobile: "9845012345",
        guardianConsent: true,
      },
    });
  });

  it("is the only one whose guardian's details are kept", () => {
    expect(validateSubmission("enquiry", { ...enquiry, ...guardian })).toEqual({ ok: true, data: enquiryData });
  });

  it("has the guardian's fields checked as they are left", () => {
    expect(validateField("enquiry", "guardianMobile", { under18: "yes", guardianMobile: "42" })).toBe(
      messages.mobileInvalid,
    );
    expect(validateField("enquiry", "guardianMobile", { guardianMobile: "42" })).toBeUndefined();
  });
});

describe("the form's summary, for every mix of empty, wrong and right fields", () => {
  const values = {
    name: { empty: "  ", wrong: "Priya\u0000", right: "Priya Raman" },
    email: { empty: "", wrong: "priya@", right: "priya@example.com" },
    mobile: { empty: "", wrong: "98450", right: "+91 98450 12345" },
    stream: { empty: "", wrong: "PhD", right: "B.E" },
    major: { empty: "", wrong: "Poetry", right: "ECE" },
    state: { empty: "", wrong: "atlantis", right: "tamilnadu" },
    district: { empty: "", wrong: "Mysuru", right: "Chennai" },
  } as const;
  type Kind = "empty" | "wrong" | "right";
  const fields = Object.keys(values) as (keyof typeof values)[];

  it("says 'fill in all fields' only when one is empty, and 'fix the errors' when all are filled and one is wrong", () => {
    let checked = 0;
    for (let mix = 0; mix < 3 ** fields.length; mix++) {
      const kinds = fields.map(
        (_, index) => (["empty", "wrong", "right"] as const)[Math.floor(mix / 3 ** index) % 3] as Kind,
      );
      for (const consent of [true, false]) {
        const input: Record<string, string> = consent ? { consent: "yes" } : {};
        fields.forEach((field, index) => {
          input[field] = values[field][kinds[index] as Kind];
        });
        const result = validateSubmission("enquiry", input);
        const described = `${fields.map((field, index) => `${field}=${kinds[index]}`).join(" ")} consent=${consent}`;
        if (kinds.includes("empty"))
          expect(result.ok ? "ok" : result.formError, described).toBe(messages.fillAllFields);
        else if (kinds.includes("wrong") || !consent) {
          expect(result.ok ? "ok" : result.formError, described).toBe(messages.fixErrors);
        } else expect(result.ok, described).toBe(true);
        checked++;
      }
    }
    expect(checked).toBe(2 * 3 ** 7);
  });
});

describe("a mobile typed as Indians type it", () => {
  it("is kept as its ten digits", () => {
    for (const written of ["+91 98450 12345", "098450-12345", "98450 12345", "+91-98450-12345", "0091 9845012345"]) {
      const result = validateSubmission("enquiry", { ...enquiry, mobile: written });
      expect(result.ok && result.data.mobile, written).toBe("9845012345");
    }
  });

  it("is refused with letters, too few or too many digits", () => {
    for (const written of ["98450abc12345", "98450 1234", "+1 98450 12345 6", "9845O12345"]) {
      expect(errorsFor("enquiry", { ...enquiry, mobile: written }).fieldErrors.mobile, written).toBe(
        messages.mobileInvalid,
      );
    }
  });
});
