import { userInfo } from "node:os";
import { fileURLToPath } from "node:url";
import { type Database, openDatabase } from "../app/platform/database.server";
import { indiaTimestamp } from "../app/platform/india-time";
import { newPasswordProblem } from "../app/staff/password.server";
import {
  createStaff,
  findStaff,
  listStaff,
  normaliseEmail,
  removeStaff,
  resetStaffPassword,
  setStaffRole,
  unknownRoleMessage,
} from "../app/staff/staff-accounts.server";
import {
  type BranchSet,
  type CourseSet,
  describeBranches,
  describeCourses,
  isStaffRole,
  readBranchSet,
  readCourseSet,
  type StaffRole,
} from "../app/staff/staff-roles";
import { cliEnvironment, withDatabase } from "./database";
import { CliError } from "./errors";

// Staff accounts from the command line, through the same functions as the admin's staff page.

const migrationsFolder = fileURLToPath(new URL("../db/migrations", import.meta.url));

type Options = Record<string, string>;

/** --name value pairs; anything not in `allowed`, or a missing value, is a usage error (exit 2). */
export function userOptions(args: string[], allowed: string[], required: string[]): Options {
  const options: Options = {};
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    const name = arg.replace(/^--/, "");
    if (!arg.startsWith("--") || !allowed.includes(name)) throw new CliError(`Unknown option: ${arg}`, 2);
    const value = args[++index];
    if (value === undefined || value.startsWith("--")) throw new CliError(`${arg} needs a value.`, 2);
    options[name] = value;
  }
  const missing = required.filter((name) => !options[name]);
  if (missing.length > 0) throw new CliError(`Missing ${missing.map((name) => `--${name}`).join(" and ")}.`, 2);
  return options;
}

function roleOption(value: string | undefined): StaffRole {
  if (!isStaffRole(value)) throw new CliError(unknownRoleMessage(value ?? ""), 2);
  return value;
}

/** --courses embedded,iot (or all): required for a counsellor, refused for an admin. */
function coursesOption(role: StaffRole, value: string | undefined): CourseSet {
  if (role === "admin") {
    if (value !== undefined) throw new CliError("An admin works on every course: leave out --courses.", 2);
    return [];
  }
  if (value === undefined) {
    throw new CliError("A counsellor needs --courses: e.g. --courses embedded,iot (or --courses all).", 2);
  }
  const read = readCourseSet(role, value.split(","));
  if (!read.ok) throw new CliError(read.error, 2);
  return read.courses;
}

/** --branches chennai,online: a counsellor limited to those branches; "": every branch; left out: as it is (every branch for a new account). */
function branchesOption(role: StaffRole, value: string | undefined): BranchSet | undefined {
  if (value === undefined) return undefined;
  if (role === "admin") throw new CliError("An admin works at every branch: leave out --branches.", 2);
  const read = readBranchSet(role, value.split(","));
  if (!read.ok) throw new CliError(read.error, 2);
  return read.branches;
}

/** "admin", or "counsellor (embedded, iot)", or "counsellor (embedded; Chennai only)". */
function accessText(role: StaffRole, courses: CourseSet, branches: BranchSet = []): string {
  if (role === "admin") return role;
  return `${role} (${describeCourses(courses)}${branches.length ? `; ${describeBranches(branches)} only` : ""})`;
}

export async function userAddCommand(args: string[]): Promise<void> {
  const options = userOptions(args, ["email", "role", "courses", "branches", "name"], ["email", "role"]);
  const role = roleOption(options.role);
  const courses = coursesOption(role, options.courses);
  const branches = branchesOption(role, options.branches) ?? [];
  const email = normaliseEmail(options.email as string);
  const password = await readNewPassword(email);
  // The first admin is made before the site has ever started, so this one may create the database.
  const result = await withDatabaseCreated(async (database) => {
    return createStaff(database, { email, name: options.name, role, courses, branches, password }, commandLineActor());
  });
  if (!result.ok) throw new CliError(result.error);
  process.stdout.write(`Created ${result.user.email} (${accessText(role, courses, branches)}).\n`);
}

export async function userListCommand(args: string[]): Promise<void> {
  userOptions(args, [], []);
  const accounts = await withDatabase((database) => listStaff(database.db));
  if (accounts.length === 0) {
    process.stdout.write("No staff accounts yet. Add the first admin with `user add --email ... --role admin`.\n");
    return;
  }
  const rows = [
    ["EMAIL", "ROLE", "COURSES", "BRANCHES", "CREATED"],
    ...accounts.map((a) => [
      a.email,
      a.role ?? "(none)",
      a.role === "admin" ? "all (admin)" : describeCourses(a.courses),
      a.role === "admin" ? "all (admin)" : a.branches.join(",") || "all",
      indiaTimestamp(a.createdAt),
    ]),
  ];
  const widths = [0, 1, 2, 3].map((column) => Math.max(...rows.map((row) => (row[column] ?? "").length)) + 2);
  for (const row of rows) {
    const padded = [0, 1, 2, 3].map((column) => (row[column] ?? "").padEnd(widths[column] ?? 0)).join("");
    process.stdout.write(`${padded}${row[4]}\n`);
  }
}

export async function userSetRoleCommand(args: string[]): Promise<void> {
  const options = userOptions(args, ["email", "role", "courses", "branches"], ["email", "role"]);
  const role = roleOption(options.role);
  const courses = coursesOption(role, options.courses);
  const branches = branchesOption(role, options.branches);
  const email = normaliseEmail(options.email as string);
  const result = await withDatabase(async (database) => {
    const set = await setStaffRole(database.db, email, role, commandLineActor(), courses, branches);
    // Left out, a counsellor's branches stay as they were: the answer names them.
    const kept = set.ok && branches === undefined ? (await findStaff(database.db, email))?.branches : undefined;
    return { ...set, branches: branches ?? kept ?? [] };
  });
  if (!result.ok) throw new CliError(result.error);
  const now = accessText(role, courses, result.branches);
  if (result.changed === false) {
    process.stdout.write(`${email} is already ${now}. Nothing changed.\n`);
    return;
  }
  process.stdout.write(`${email} is now ${now}. Their sessions were ended.\n`);
}

export async function userResetPasswordCommand(args: string[]): Promise<void> {
  const options = userOptions(args, ["email"], ["email"]);
  const email = normaliseEmail(options.email as string);
  const password = await readNewPassword(email);
  const result = await withDatabase((database) => resetStaffPassword(database, email, password, commandLineActor()));
  if (!result.ok) throw new CliError(result.error);
  process.stdout.write(`Password of ${email} changed. Their sessions were ended.\n`);
}

export async function userRemoveCommand(args: string[]): Promise<void> {
  const options = userOptions(args, ["email"], ["email"]);
  const email = normaliseEmail(options.email as string);
  const result = await withDatabase((database) => removeStaff(database.db, email, commandLineActor()));
  if (!result.ok) throw new CliError(result.error);
  process.stdout.write(`Removed ${email}. Their sessions were ended.\n`);
}

/** Account changes made here appear in the admin's audit log beside those made in the desk, by this name. */
function commandLineActor(): string {
  return `command line (${systemUser()})`;
}

function systemUser(): string {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER || "unknown user";
  }
}

async function withDatabaseCreated<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const { dataDir, databaseUrl } = cliEnvironment();
  const database = await openDatabase({ dataDir, databaseUrl, migrationsFolder, purpose: "cli" });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** The new password, from standard input (one line), checked before the database is opened. */
async function readNewPassword(email: string): Promise<string> {
  let password: string;
  if (process.stdin.isTTY) {
    password = await promptHidden("New password: ");
    if ((await promptHidden("Type it again: ")) !== password) throw new CliError("The two passwords differ.");
  } else {
    password = await readFirstLine();
  }
  if (password === "") {
    throw new CliError(
      `No password on standard input. Pipe it in as one line, e.g. printf '%s\\n' "$PASSWORD" | npm run --silent cli -- user ...`,
      2,
    );
  }
  const problem = await newPasswordProblem(password, { email });
  if (problem) throw new CliError(`Password refused: ${problem}`);
  return password;
}

const maxInput = 64 * 1024;

async function readFirstLine(): Promise<string> {
  process.stdin.setEncoding("utf8");
  let text = "";
  for await (const chunk of process.stdin) {
    text += chunk;
    if (text.includes("\n") || text.length > maxInput) break;
  }
  return text.split("\n")[0]?.replace(/\r$/, "") ?? "";
}

/** Reads a line from the terminal without showing it. */
function promptHidden(question: string): Promise<string> {
  const { stdin, stderr } = process;
  stderr.write(question);
  stdin.setRawMode(true);
  stdin.setEncoding("utf8");
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = "";
    const finish = () => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      stderr.write("\n");
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") {
          finish();
          resolve(value);
          return;
        }
        if (char === "\u0003" || char === "\u0004") {
          finish();
          reject(new CliError("Cancelled."));
          return;
        }
        value = char === "\u007f" || char === "\b" ? [...value].slice(0, -1).join("") : value + char;
      }
    };
    stdin.on("data", onData);
  });
}
