import { describe, expect, it } from "vitest";
import { syllabusToText, textToSyllabus } from "./syllabus-text";

describe("syllabus text", () => {
  it("round-trips sections and topics", () => {
    const sections = [
      { title: "C programming", topics: ["Pointers", "Structures"] },
      { title: "RTOS", topics: ["Tasks"] },
    ];
    expect(textToSyllabus(syllabusToText(sections))).toEqual({ sections });
  });

  it("explains a topic without a section and a section without topics", () => {
    expect(textToSyllabus("- orphan")).toEqual({ error: 'The topic "orphan" comes before any section title.' });
    expect(textToSyllabus("Title only")).toHaveProperty("error");
    expect(textToSyllabus("   ")).toEqual({ error: "The syllabus needs at least one section." });
  });
});
