// The command-line tool: `npm run cli -- <command>` (see `npm run cli -- help`).
import { DataDirLockedError } from "~/server/data-dir-lock.server";
import { CliError } from "./errors";
import { exportCommandOptions, exportEnquiriesCommand, exportRegistrationsCommand } from "./export";

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
    run: (args) => exportEnquiriesCommand(exportCommandOptions(args)),
  },
  {
    words: ["export", "registrations"],
    options: "[--output FILE] [--excel]",
    summary: "Every course registration as CSV, oldest first, to standard output or FILE.",
    run: (args) => exportRegistrationsCommand(exportCommandOptions(args)),
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
  --output FILE   write the CSV to FILE (complete or not at all) instead of standard output
  --excel         begin with a UTF-8 byte-order mark, so Excel shows Tamil, Kannada and Malayalam names

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
