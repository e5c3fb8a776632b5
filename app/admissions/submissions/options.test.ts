import { describe, expect, it } from "vitest";
import {
  courseOptions,
  courseValueByPageId,
  courseValueFromParam,
  districtsByState,
  districtsFor,
  majors,
  states,
  streams,
} from "./options";

describe("option lists", () => {
  it("offers the streams and majors of the brief, in order", () => {
    expect(streams.map((option) => option.value)).toEqual([
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
    ]);
    expect(majors.map((option) => option.value)).toEqual([
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
    ]);
    for (const option of [...streams, ...majors]) expect(option.label).toBe(option.value);
  });

  it("offers the four states with their labels", () => {
    expect(states).toEqual([
      { value: "tamilnadu", label: "Tamil Nadu" },
      { value: "karnataka", label: "Karnataka" },
      { value: "kerala", label: "Kerala" },
      { value: "other", label: "Other" },
    ]);
  });

  it("offers the courses, in the menus' order, with stored lower-case values", () => {
    expect(courseOptions).toEqual([
      { value: "embedded", label: "Embedded" },
      { value: "iot", label: "IoT" },
      { value: "python fullstack", label: "python fullstack" },
      { value: "ai", label: "AI" },
      { value: "matlab", label: "MATLAB" },
    ]);
    for (const option of courseOptions) expect(option.value).toBe(option.label.toLowerCase());
  });
});

describe("districts", () => {
  it("has today's official counts", () => {
    expect(districtsByState.tamilnadu).toHaveLength(38);
    expect(districtsByState.karnataka).toHaveLength(31);
    expect(districtsByState.kerala).toHaveLength(14);
    expect(districtsByState.other).toEqual(["Other"]);
  });

  it("includes the newer districts and current names", () => {
    expect(districtsByState.tamilnadu).toEqual(
      expect.arrayContaining(["Chengalpattu", "Kallakurichi", "Ranipet", "Tenkasi", "Tirupathur", "Mayiladuthurai"]),
    );
    expect(districtsByState.karnataka).toEqual(
      expect.arrayContaining([
        "Vijayanagara",
        "Bengaluru Urban",
        "Bengaluru Rural",
        "Bengaluru South",
        "Belagavi",
        "Ballari",
        "Kalaburagi",
        "Vijayapura",
        "Shivamogga",
        "Mysuru",
        "Tumakuru",
        "Chikkamagaluru",
        "Chikkaballapura",
      ]),
    );
    expect(districtsByState.karnataka).not.toContain("Ramanagara");
    expect(districtsByState.kerala).toEqual(expect.arrayContaining(["Thiruvananthapuram", "Ernakulam", "Wayanad"]));
  });

  it("sorts each state's list alphabetically, without duplicates", () => {
    for (const list of Object.values(districtsByState)) {
      expect([...list].sort((a, b) => a.localeCompare(b, "en"))).toEqual(list);
      expect(new Set(list).size).toBe(list.length);
    }
  });

  it("gives no districts until a known state is chosen", () => {
    expect(districtsFor("kerala")).toBe(districtsByState.kerala);
    expect(districtsFor("")).toEqual([]);
    expect(districtsFor("toString")).toEqual([]);
    expect(districtsFor(undefined)).toEqual([]);
  });
});

describe("courseValueFromParam", () => {
  it("maps course page ids to registration values", () => {
    expect(courseValueByPageId).toEqual({
      embedded: "embedded",
      iot: "iot",
      fullstack: "python fullstack",
      ai: "ai",
      matlab: "matlab",
    });
    for (const [id, value] of Object.entries(courseValueByPageId)) expect(courseValueFromParam(id)).toBe(value);
  });

  it.each([
    ["IoT", "iot"],
    ["EMBEDDED", "embedded"],
    ["fullstack", "python fullstack"],
    ["FullStack", "python fullstack"],
    ["python fullstack", "python fullstack"],
    ["Python Fullstack", "python fullstack"],
    ["python-fullstack", "python fullstack"],
    ["python", "python fullstack"],
    [" matlab ", "matlab"],
    ["AI", "ai"],
  ])("reads %j as %j", (param, value) => {
    expect(courseValueFromParam(param)).toBe(value);
  });

  it.each([null, "", "java", "constructor", "__proto__", "python fullstack extra"])(
    "reads %j as no course",
    (param) => {
      expect(courseValueFromParam(param)).toBeUndefined();
    },
  );
});
