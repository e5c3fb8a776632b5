import { argon2, randomBytes, timingSafeEqual } from "node:crypto";
import { compactPassword, type PasswordContext, passwordMessages, passwordProblem } from "./password-policy";

/**
 * argon2id at OWASP's first recommended setting (19 MiB, 2 passes, 1 lane): about 45 ms
 * here, so a sign-in costs little while a stolen hash costs a guesser dearly.
 */
export const argon2idParameters = { memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 } as const;
const saltLength = 16;

const phcPattern = /^\$argon2id\$v=19\$m=(\d{1,7}),t=(\d{1,3}),p=(\d{1,3})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

function derive(
  password: string,
  salt: Buffer,
  parameters: { memory: number; passes: number; parallelism: number; tagLength: number },
) {
  return new Promise<Buffer>((resolve, reject) => {
    // NIST asks for Unicode normalisation, so the same phrase typed on another keyboard still matches.
    argon2("argon2id", { message: password.normalize("NFKC"), nonce: salt, ...parameters }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

const b64 = (bytes: Buffer) => bytes.toString("base64").replace(/=+$/, "");

/** A PHC string: $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash> (base64 without padding). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(saltLength);
  const key = await derive(password, salt, argon2idParameters);
  const { memory, passes, parallelism } = argon2idParameters;
  return `$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$${b64(salt)}$${b64(key)}`;
}

/** True when the password matches the stored hash; false for any other hash, including a malformed one. */
export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const match = phcPattern.exec(hash);
  if (!match) return false;
  const [memory, passes, parallelism] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const salt = Buffer.from(match[4] as string, "base64");
  const expected = Buffer.from(match[5] as string, "base64");
  // Bounds keep a damaged row from asking for gigabytes or minutes of work.
  const sane =
    parallelism >= 1 &&
    parallelism <= 16 &&
    memory >= 8 * parallelism &&
    memory <= 262_144 &&
    passes >= 1 &&
    passes <= 10 &&
    salt.length >= 8 &&
    expected.length >= 16 &&
    expected.length <= 64;
  if (!sane) return false;
  const key = await derive(password, salt, { memory, passes, parallelism, tagLength: expected.length });
  return timingSafeEqual(key, expected);
}

let commonPasswordList: Promise<ReadonlySet<string>> | undefined;

/**
 * The list of commonly used long passwords (common-passwords.md says where it comes from),
 * read the first time a new password is checked: 9,700 entries that only a rare path needs.
 */
export function commonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswordList ??= import("./common-passwords.json", { with: { type: "json" } }).then(
    (module) => new Set(module.default as string[]),
  );
  return commonPasswordList;
}

/** On the bundled list of commonly used passwords (spaces, case and separators ignored). */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(compactPassword(password));
}

/** Every rule for a new password, the list included: a message for its owner, or null when it is fine. */
export async function newPasswordProblem(password: string, context: PasswordContext = {}): Promise<string | null> {
  const problem = passwordProblem(password, context);
  if (problem === passwordMessages.tooShort || problem === passwordMessages.tooLong) return problem;
  // "passwordpassword" is better answered as common than as a repeated pattern.
  return (await isCommonPassword(password)) ? passwordMessages.common : problem;
}
