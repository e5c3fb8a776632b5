// Numbers as India writes them: the last three digits, then groups of two ("12,34,567"), and
// rupees the same way ("₹1,25,000"). Written out here rather than asked of Intl, which gives the
// same text (indian-numbers.test.ts compares them on many values) but maps some 8 MB of ICU's
// data and tables into the process on its first use: a site that serves only public pages needs
// none of them (decision 016). Browser-safe.

/**
 * A number as `value.toLocaleString("en-IN")` writes it: 1234567.891 -> "12,34,567.891", at most
 * `maximumFractionDigits` decimals (three by default, as Intl's), rounded half away from zero
 * from the number's shortest decimal form, trailing zeros dropped.
 */
export function indianNumber(value: number, maximumFractionDigits = 3): string {
  if (Number.isNaN(value)) return "NaN";
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  if (!Number.isFinite(value)) return `${sign}∞`;
  const { whole, fraction } = rounded(Math.abs(value), maximumFractionDigits);
  return `${sign}${grouped(whole)}${fraction ? `.${fraction}` : ""}`;
}

/** A whole number of rupees as Intl's en-IN INR currency without decimals writes it: "₹45,000", "-₹500". */
export function rupees(amount: number): string {
  const text = indianNumber(amount, 0);
  return text.startsWith("-") ? `-₹${text.slice(1)}` : `₹${text}`;
}

/** "1234567" -> "12,34,567". */
function grouped(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  const pairs = head.length % 2 ? [head.slice(0, 1)] : [];
  for (let i = head.length % 2; i < head.length; i += 2) pairs.push(head.slice(i, i + 2));
  return `${pairs.join(",")},${digits.slice(-3)}`;
}

/**
 * A positive finite number's whole digits and its fraction's (without trailing zeros), rounded to
 * `places` decimals half away from zero, from JavaScript's shortest decimal form of the number
 * (the form Intl rounds too: 1.0005 is "1.001", not the 1.000499... the double holds).
 */
function rounded(value: number, places: number): { whole: string; fraction: string } {
  // "123.45", "1.5e-7" or "1e+21": its digits, and where the decimal point falls among them. A
  // zero in front takes the carry of a rounding up ("999.9996" -> "1,000").
  const [mantissa = "0", exponent = "0"] = String(value).split("e");
  const [before = "0", after = ""] = mantissa.split(".");
  let digits = `0${before}${after}`;
  let point = 1 + before.length + Number(exponent);
  if (point < 1) {
    digits = "0".repeat(1 - point) + digits;
    point = 1;
  }
  if (point > digits.length) digits = digits.padEnd(point, "0");
  const kept = digits.slice(0, point + places);
  const result = (digits[point + places] ?? "0") >= "5" ? plusOne(kept) : kept;
  return {
    whole: result.slice(0, point).replace(/^0+(?=\d)/, ""),
    fraction: result.slice(point).replace(/0+$/, ""),
  };
}

/** A string of decimal digits that starts with a zero, plus one: "0999" -> "1000". */
function plusOne(digits: string): string {
  const out = digits.split("");
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== "9") {
      out[i] = String(Number(out[i]) + 1);
      break;
    }
    out[i] = "0";
  }
  return out.join("");
}
