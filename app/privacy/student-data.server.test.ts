import { expect, it } from "vitest";
import { parseStudentKey } from "./student-data.server";

it("reads what staff type to find a student: an e-mail address or a mobile number as it is read out", () => {
  expect(parseStudentKey("  Priya.Rao@Example.in ")).toEqual({ email: "Priya.Rao@Example.in" });
  expect(parseStudentKey("98765 43210")).toEqual({ mobile: "9876543210" });
  expect(parseStudentKey("+91-98765-43210")).toEqual({ mobile: "9876543210" });
  expect(parseStudentKey("(987) 654 3210")).toEqual({ mobile: "9876543210" });
  expect(parseStudentKey("12345")).toBeUndefined();
  expect(parseStudentKey("Priya Rao")).toBeUndefined();
});
