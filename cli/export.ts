import { enquiryCsvColumns, exportEnquiries } from "../app/admissions/enquiries.server";
import { exportRegistrations, registrationCsvColumns } from "../app/admissions/registrations.server";
import { type CsvColumn, csvHeader, csvRecord, utf8Bom } from "../app/platform/csv";
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
  return withDatabase((database) => writeCsv(enquiryCsvColumns, exportEnquiries(database.db), options));
}

export function exportRegistrationsCommand(options: ExportOptions): Promise<void> {
  return withDatabase((database) => writeCsv(registrationCsvColumns, exportRegistrations(database.db), options));
}

async function writeCsv<Row>(columns: CsvColumn<Row>[], rows: AsyncIterable<Row>, options: ExportOptions) {
  const output = openOutput(options.output);
  try {
    await output.write((options.bom ? utf8Bom : "") + csvHeader(columns));
    for await (const row of rows) await output.write(csvRecord(columns, row));
    await output.end();
  } catch (error) {
    output.abort();
    throw error;
  }
}
