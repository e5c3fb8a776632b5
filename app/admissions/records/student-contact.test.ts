import { describe, expect, it } from "vitest";
import { internationalMobile, normaliseEmail, normaliseMobile } from "./student-contact";

describe("a student's contact details", () => {
  it("reads a mobile however it was written as the same ten digits", () => {
    for (const written of ["+91 98450 12345", "098450-12345", "9845012345", "0091 98450 12345", "+91-(98450) 12345"]) {
      expect(normaliseMobile(written), written).toBe("9845012345");
    }
  });

  it("keeps what is not an Indian mobile as its digits", () => {
    expect(normaliseMobile("98450")).toBe("98450");
    expect(normaliseMobile("")).toBe("");
  });

  it("compares e-mail addresses trimmed and in lower case", () => {
    expect(normaliseEmail("  Priya.Raman@Example.IN ")).toBe("priya.raman@example.in");
  });

  it("puts +91 in front for calls and WhatsApp", () => {
    expect(internationalMobile("098450-12345")).toBe("919845012345");
  });
});
