// The hand-written formatters give Intl's text exactly: fixed cases, then many random values.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { indianNumber, rupees } from "./indian-numbers";

const intlNumber = (value: number, maximumFractionDigits = 3) =>
  value.toLocaleString("en-IN", { maximumFractionDigits });
const intlRupees = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 });

describe("numbers the Indian way", () => {
  it("groups the last three digits, then pairs", () => {
    expect(indianNumber(0)).toBe("0");
    expect(indianNumber(999)).toBe("999");
    expect(indianNumber(1000)).toBe("1,000");
    expect(indianNumber(45000)).toBe("45,000");
    expect(indianNumber(125000)).toBe("1,25,000");
    expect(indianNumber(1234567)).toBe("12,34,567");
    expect(indianNumber(-1234567.891)).toBe("-12,34,567.891");
    expect(rupees(45000)).toBe("₹45,000");
    expect(rupees(125000)).toBe("₹1,25,000");
    expect(rupees(-500)).toBe("-₹500");
  });

  it("writes what Intl writes for chosen values", () => {
    const values = [
      0,
      -0,
      1,
      -1,
      5,
      9,
      10,
      99,
      100,
      999,
      1000,
      9999,
      10000,
      99999,
      100000,
      999999,
      1000000,
      12345678,
      123456789,
      1234567890,
      2 ** 31,
      2 ** 53,
      2 ** 53 + 2,
      1e15,
      1e20,
      1e21,
      1.5e21,
      1e22,
      1e25,
      1e100,
      Number.MAX_SAFE_INTEGER,
      Number.MAX_VALUE,
      0.1,
      0.5,
      0.0005,
      0.00049,
      0.0015,
      1.0005,
      1.0015,
      2.5,
      0.125,
      1.2345,
      999.9995,
      999.9994,
      99999.9996,
      0.9996,
      1e-7,
      1.5e-7,
      5e-4,
      4.9999e-4,
      Number.MIN_VALUE,
      Number.EPSILON,
      0.1 + 0.2,
      1 / 3,
      2 / 3,
      -0.0001,
      -0.0005,
      -999.9996,
      12345.6789,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
    ];
    for (const value of values) {
      expect(indianNumber(value), String(value)).toBe(intlNumber(value));
      for (const places of [0, 1, 2]) {
        expect(indianNumber(value, places), `${value}, ${places} places`).toBe(intlNumber(value, places));
      }
      if (Number.isFinite(value)) expect(rupees(value), `₹${value}`).toBe(intlRupees.format(value));
    }
  });

  it("writes what Intl writes for any whole number", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n })),
        (n) => {
          const value = Number(n);
          expect(indianNumber(value)).toBe(intlNumber(value));
          expect(rupees(value)).toBe(intlRupees.format(value));
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it("writes what Intl writes for any number, with 0 to 3 decimals", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ noNaN: true }),
          fc.double({ min: -1e7, max: 1e7, noNaN: true }),
          // Ties: a 5 just past the last decimal kept.
          fc.integer({ min: -10_000_000, max: 10_000_000 }).map((n) => (n * 10 + 5) / 10_000),
          fc.integer({ min: 0, max: 1_000_000 }).map((n) => n / 1000),
        ),
        fc.integer({ min: 0, max: 3 }),
        (value, places) => {
          expect(indianNumber(value, places)).toBe(intlNumber(value, places));
        },
      ),
      { numRuns: 20_000 },
    );
  });
});
