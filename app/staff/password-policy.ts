// Staff password rules after NIST SP 800-63B-4 (single-factor): long, any characters,
// no composition rules, no guessable content. Browser-safe; the list of commonly used
// passwords is checked on the server only (app/staff/password.server.ts).

export const passwordMinLength = 15;
/** NIST asks for at least 64; a longer phrase costs nothing to allow. */
export const passwordMaxLength = 128;

export const passwordMessages = {
  tooShort: `Use at least ${passwordMinLength} characters.`,
  tooLong: `Use at most ${passwordMaxLength} characters.`,
  common: "This password is too common. Choose a longer phrase that others would not guess.",
  pattern:
    "Do not use repeated characters or keyboard or number sequences. Choose a longer phrase that others would not guess.",
  email: "Do not put your e-mail address in the password.",
  institute: "Do not put the institute's name in the password.",
} as const;

/** Words any attacker of this site tries first. */
export const instituteWords: readonly string[] = ["sampige"];

export interface PasswordContext {
  /** The account's e-mail address: its local part must not appear in the password. */
  email?: string;
}

/**
 * What the rules compare: Unicode-normalised (NFKC, as the password is hashed), lower-case,
 * without spaces and the separators people put between words.
 */
export function compactPassword(password: string): string {
  return password
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\s._-]+/gu, "");
}

/** Length in Unicode code points of the normalised password (what a person counts as characters). */
export function passwordLength(password: string): number {
  return [...password.normalize("NFKC")].length;
}

/** The first rule the password breaks, as a message for its owner; null when it passes the rules. */
export function passwordProblem(password: string, context: PasswordContext = {}): string | null {
  const length = passwordLength(password);
  if (length < passwordMinLength) return passwordMessages.tooShort;
  if (length > passwordMaxLength) return passwordMessages.tooLong;
  const compact = compactPassword(password);
  if (instituteWords.some((word) => compact.includes(word))) return passwordMessages.institute;
  const localPart = compactPassword(context.email?.split("@")[0] ?? "");
  if (localPart.length >= 3 && compact.includes(localPart)) return passwordMessages.email;
  if (isRepetitive(compact) || isSequence(compact)) return passwordMessages.pattern;
  return null;
}

/**
 * One character over and over, very few different characters, or a short piece repeated
 * ("abcabcabc...", "iloveyouiloveyou"): worth no more than the piece.
 */
export function isRepetitive(text: string): boolean {
  const chars = [...text];
  if (new Set(chars).size < 4) return true;
  const period = smallestPeriod(chars);
  return period < passwordMinLength && period * 2 <= chars.length;
}

function smallestPeriod(chars: string[]): number {
  for (let period = 1; period < chars.length; period++) {
    let repeats = true;
    for (let index = period; index < chars.length && repeats; index++) repeats = chars[index] === chars[index - period];
    if (repeats) return period;
  }
  return chars.length;
}

// Runs people type without thinking: the alphabet, digits, keyboard rows and columns.
const sequences = [
  "abcdefghijklmnopqrstuvwxyz",
  "01234567890",
  "`1234567890=",
  "1234567890qwertyuiopasdfghjklzxcvbnm",
  "qwertyuiop[]",
  "asdfghjkl;'",
  "zxcvbnm,/",
  "1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik,9ol0p;/",
  "qazwsxedcrfvtgbyhnujmikolp",
  "zaq1xsw2cde3vfr4bgt5nhy6mju7ki8lo9p0",
  "1q2w3e4r5t6y7u8i9o0p",
  "q1w2e3r4t5y6u7i8o9p0",
  "1a2s3d4f5g6h7j8k9l",
];

const neighbours = (() => {
  const map = new Map<string, Set<string>>();
  const link = (a: string, b: string) => {
    if (!map.has(a)) map.set(a, new Set());
    map.get(a)?.add(b);
  };
  for (const sequence of sequences) {
    const chars = [...sequence];
    for (let index = 1; index < chars.length; index++) {
      const previous = chars[index - 1] as string;
      const current = chars[index] as string;
      link(previous, current);
      link(current, previous);
    }
  }
  return map;
})();

/** Every step goes to the next key or letter, either way: "1234567890987", "qwertyuiopasdfghjkl". */
export function isSequence(text: string): boolean {
  const chars = [...text];
  if (chars.length < 2) return false;
  for (let index = 1; index < chars.length; index++) {
    const previous = chars[index - 1] as string;
    if (!neighbours.get(previous)?.has(chars[index] as string)) return false;
  }
  return true;
}
