// How a student's contact details are compared: one mobile however it was written, one e-mail
// whatever its case. Browser-safe (the desk's search uses it too). Migration 0007 does the same
// in SQL for the rows stored before records existed.

/**
 * A mobile number as ten digits: "+91 98450 12345", "0091 98450 12345", "098450-12345" and
 * "9845012345" are all "9845012345". Something that is not a mobile keeps its digits as they are.
 */
export function normaliseMobile(value: string): string {
  let digits = value.replace(/\D/g, "");
  if (digits.length > 10) digits = digits.replace(/^0+/, "");
  if (digits.length === 12 && digits.startsWith("91")) digits = digits.slice(2);
  return digits;
}

/** An e-mail address trimmed and lower-cased. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** The number for tel: and wa.me links: the ten digits with India's +91 in front. */
export function internationalMobile(mobile: string): string {
  const digits = normaliseMobile(mobile);
  return digits.length === 10 ? `91${digits}` : digits;
}
