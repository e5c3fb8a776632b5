import { submissionCsv } from "../app/admissions/submissions/submission-repository.server";
import { withDatabase } from "./database";
import { CliError } from "./errors";
import { openOutput } from "./output";

export interface ExportOptions {
  /** Write to this file instead of standard output. */
  output?: string;
  /** Start with a byte-order mark so Excel reads Indian-language names correctly. */
  bom?: boolean;
}

export function exportCommandOptions(args: string[]): ExportOptions {
  const options: ExportOptions = {};
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    if (arg === "--excel") options.bom = true;
    else if (arg === "--output" || arg === "-o") {
      const file = args[++index];
      if (!file) throw new CliError(`${arg} needs a file name, e.g. ${arg} enquiries.csv`, 2);
      options.output = file;
    } else throw new CliError(`Unknown option: ${arg}`, 2);
  }
  return options;
}

export function exportEnquiriesCommand(options: ExportOptions): Promise<void> {
  return withDatabase((database) => writeCsv(submissionCsv(database.db, "enquiry", {}, options), options));
}

export function exportRegistrationsCommand(options: ExportOptions): Promise<void> {
  return withDatabase((database) => writeCsv(submissionCsv(database.db, "registration", {}, options), options));
}

async function writeCsv(csv: AsyncIterable<string>, options: ExportOptions) {
  const output = openOutput(options.output);
  try {
    for await (const chunk of csv) await output.write(chunk);
    await output.end();
  } catch (error) {
    output.abort();
    throw error;
  }
}
