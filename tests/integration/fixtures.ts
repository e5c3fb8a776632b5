import type { RegistrationInput } from "~/server/repositories/registrations.server";

/** A valid, normalised registration (drop course for an enquiry), with the given changes. */
export function student(overrides: Partial<RegistrationInput> = {}): RegistrationInput {
  return {
    name: "Priya Raman",
    email: "priya.raman@example.in",
    mobile: "9876543210",
    stream: "B.E",
    major: "ECE",
    state: "karnataka",
    district: "Bengaluru Urban",
    course: "embedded",
    ...overrides,
  };
}
