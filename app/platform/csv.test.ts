import { describe, expect, it } from "vitest";
import { type CsvColumn, csvField, csvLine, toCsv, utf8Bom } from "./csv";

describe("csvField", () => {
  it("leaves plain text as it is", () => {
    expect(csvField("Priya Raman")).toBe("Priya Raman");
    expect(csvField("தமிழ்செல்வி")).toBe("தமிழ்செல்வி");
    expect(csvField("")).toBe("");
  });

  it("quotes commas, quotes and line breaks, doubling the quotes (RFC 4180)", () => {
    expect(csvField("Raman, Priya")).toBe('"Raman, Priya"');
    expect(csvField('Priya "PR" Raman')).toBe('"Priya ""PR"" Raman"');
    expect(csvField("line one\nline two")).toBe('"line one\nline two"');
    expect(csvField("line one\r\nline two")).toBe('"line one\r\nline two"');
  });

  it("neutralises text a spreadsheet would run as a formula", () => {
    expect(csvField("=1+1")).toBe("'=1+1");
    expect(csvField("+919876543210")).toBe("'+919876543210");
    expect(csvField("-2+3")).toBe("'-2+3");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("\t=1")).toBe("'\t=1");
    expect(csvField("\r=1")).toBe('"\'\r=1"');
    expect(csvField('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvField("a=b")).toBe("a=b");
  });

  it("writes numbers, booleans, dates and empty values", () => {
    expect(csvField(-5)).toBe("-5");
    expect(csvField(4.5)).toBe("4.5");
    expect(csvField(true)).toBe("true");
    expect(csvField(new Date("2027-01-12T04:30:00Z"))).toBe("2027-01-12T04:30:00.000Z");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
  });
});

describe("csvLine and toCsv", () => {
  it("ends every record with CRLF", () => {
    expect(csvLine(["a", "b,c", 3])).toBe('a,"b,c",3\r\n');
  });

  it("writes a header row, then one record per row", () => {
    const columns: CsvColumn<{ name: string; mobile: string }>[] = [
      { header: "Name", value: (row) => row.name },
      { header: "Mobile", value: (row) => row.mobile },
    ];
    const rows = [
      { name: "Arjun", mobile: "9876543210" },
      { name: "=cmd", mobile: "9123456780" },
    ];
    expect(toCsv(columns, rows)).toBe("Name,Mobile\r\nArjun,9876543210\r\n'=cmd,9123456780\r\n");
    expect(toCsv(columns, [], { bom: true })).toBe(`${utf8Bom}Name,Mobile\r\n`);
  });
});
