import { vacuumAndAnalyse } from "../app/platform/database-upkeep.server";
import { withDatabase } from "./database";
import { CliError } from "./errors";

/** `upkeep`: what the site runs each night on the embedded database (decision 026), now. */
export async function upkeepCommand(args: string[]): Promise<void> {
  if (args.length > 0) throw new CliError(`upkeep takes no options (got ${args.join(" ")})`, 2);
  const ms = await withDatabase((database) => vacuumAndAnalyse(database.db));
  process.stdout.write(`Vacuumed and analysed every table in ${(ms / 1000).toFixed(1)} s.\n`);
}
