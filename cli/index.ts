// The command-line tool: `npm run cli -- <command>` (see `npm run cli -- help`).
import { DataDirLockedError } from "../app/platform/data-dir-lock.server";
import { CliError } from "./errors";

// Each command's module is loaded when it runs: `help` loads none, and a command loads only what
// it needs (decision 016).
interface Command {
  /** The words that name it, e.g. ["export", "enquiries"]. */
  words: string[];
  /** Options after the words, for the usage line. */
  options?: string;
  summary: string;
  run(args: string[]): Promise<void>;
}

const commands: Command[] = [
  {
    words: ["help"],
    summary: "Show this list of commands.",
    async run() {
      process.stdout.write(usage());
    },
  },
  {
    words: ["export", "enquiries"],
    options: "[--output FILE] [--excel]",
    summary: "Every contact enquiry as CSV, oldest first, to standard output or FILE.",
    async run(args) {
      const { exportCommandOptions, exportEnquiriesCommand } = await import("./export");
      await exportEnquiriesCommand(exportCommandOptions(args));
    },
  },
  {
    words: ["export", "registrations"],
    options: "[--output FILE] [--excel]",
    summary: "Every course registration as CSV, oldest first, to standard output or FILE.",
    async run(args) {
      const { exportCommandOptions, exportRegistrationsCommand } = await import("./export");
      await exportRegistrationsCommand(exportCommandOptions(args));
    },
  },
  {
    words: ["purge"],
    summary:
      "Delete enquiries and registrations older than the retention period (site configuration), and say how many.",
    run: async (args) => (await import("./purge")).purgeCommand(args),
  },
  {
    words: ["upkeep"],
    summary:
      "Vacuum and analyse every table now (the site does it each night on the embedded database), e.g. after a large import.",
    run: async (args) => (await import("./upkeep")).upkeepCommand(args),
  },
  {
    words: ["backup"],
    options: "FILE",
    summary: "Every table and uploaded image, gzipped, to FILE (e.g. backup-2027-01-12.jsonl.gz).",
    run: async (args) => (await import("./backup")).backupCommand(args),
  },
  {
    words: ["restore"],
    options: "FILE",
    summary: "Load a backup into a fresh DATA_DIR or an empty PostgreSQL database.",
    run: async (args) => (await import("./backup")).restoreCommand(args),
  },
  {
    words: ["migrate-to-postgres"],
    options: "URL",
    summary:
      "Copy the embedded database in DATA_DIR into an empty PostgreSQL database (site stopped); then set DATABASE_URL.",
    run: async (args) => (await import("./migrate")).migrateToPostgresCommand(args),
  },
  {
    words: ["demo", "remove"],
    summary:
      "Delete the demo placed students (and photos) and batch start dates a new database started with; keeps staff edits.",
    run: async (args) => (await import("./demo")).demoRemoveCommand(args),
  },
  {
    words: ["user", "add"],
    options: "--email E --role R [--courses C] [--branches B] [--name N]",
    summary: "Create a staff account; the password is read from standard input.",
    run: async (args) => (await import("./users")).userAddCommand(args),
  },
  {
    words: ["user", "list"],
    summary: "Every staff account: e-mail, role, courses, branches, created.",
    run: async (args) => (await import("./users")).userListCommand(args),
  },
  {
    words: ["user", "set-role"],
    options: "--email E --role R [--courses C] [--branches B]",
    summary: "Change an account's role, courses and branches (its sessions end).",
    run: async (args) => (await import("./users")).userSetRoleCommand(args),
  },
  {
    words: ["user", "reset-password"],
    options: "--email E",
    summary: "Set a new password from standard input (its sessions end).",
    run: async (args) => (await import("./users")).userResetPasswordCommand(args),
  },
  {
    words: ["user", "remove"],
    options: "--email E",
    summary: "Delete a staff account and end its sessions.",
    run: async (args) => (await import("./users")).userRemoveCommand(args),
  },
];

function usage(): string {
  const names = commands.map((command) => [...command.words, command.options ?? ""].join(" ").trim());
  const width = Math.max(...names.map((name) => name.length)) + 2;
  const lines = commands.map((command, index) => `  ${(names[index] ?? "").padEnd(width)}${command.summary}`);
  return `Usage: npm run --silent cli -- <command>

Commands:
${lines.join("\n")}

Options of the exports:
  --output FILE   write the CSV to FILE (complete or not at all, readable by you only) instead of standard output
  --excel         begin with a UTF-8 byte-order mark, so Excel shows Tamil, Kannada and Malayalam names

Backup and restore:
  The backup file holds every table (read in one consistent snapshot) and DATA_DIR/uploads;
  it is complete or not written at all, and readable by you only (mode 0600). Restore refuses a database or uploads folder that
  already holds anything: point DATA_DIR (and DATABASE_URL) at fresh ones, then start the site.

Staff accounts:
  Roles: admin (everything), counsellor (the students of their courses). A counsellor needs
  --courses: course keys separated by commas (embedded, python, iot, matlab, ai), or all,
  e.g. user add --email E --role counsellor --courses embedded,iot
  --branches limits a counsellor to some branches (chennai, bangalore, online), e.g.
  --branches chennai; left out: every branch for a new account, unchanged for set-role
  Passwords: at least 15 characters (a phrase of a few words works well), one line on
  standard input, e.g. printf '%s\\n' "$PASSWORD" | npm run --silent cli -- user add --email E --role admin
  (typed at a terminal, it is asked for twice without being shown). The last admin cannot
  be removed or demoted. "user add" creates the embedded database if there is none yet.

Environment: DATA_DIR (default ./data) and DATABASE_URL, as for the site. The embedded
database can be read only while the site is stopped; with DATABASE_URL it can run any time.
(--silent keeps npm's own banner out of the output.)
`;
}

async function main(argv: string[]): Promise<number> {
  const command = commands.find((candidate) => candidate.words.every((word, index) => argv[index] === word));
  if (!command) {
    if (argv.length > 0) process.stderr.write(`Unknown command: ${argv.join(" ")}\n\n`);
    process.stderr.write(usage());
    return 2;
  }
  try {
    await command.run(argv.slice(command.words.length));
    return 0;
  } catch (error) {
    if (error instanceof CliError) {
      process.stderr.write(`${error.message}\n`);
      if (error.exitCode === 2) process.stderr.write(`\n${usage()}`);
      return error.exitCode;
    }
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`Error: ${message}\n`);
    if (process.env.DEBUG && error instanceof Error) process.stderr.write(`${error.stack}\n`);
    return 1;
  }
}

// A reader that goes away early (e.g. `| head`) is not an error worth a stack trace.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});

process.exitCode = await main(process.argv.slice(2));
