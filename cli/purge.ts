import { site } from "~/config/site";
import { describeCounts, purgeExpired } from "../app/privacy/data-protection.server";
import { withDatabase } from "./database";
import { CliError } from "./errors";

/** `purge`: deletes enquiries and registrations older than the retention period and says how many. */
export async function purgeCommand(args: string[]): Promise<void> {
  if (args.length > 0) throw new CliError(`purge takes no options (got ${args.join(" ")})`, 2);
  const result = await withDatabase((database) => purgeExpired(database.db, { actor: "command line" }));
  const months = site.privacy.retentionMonths;
  const before = result.cutoff.toISOString().slice(0, 10);
  const entries = result.enquiries + result.registrations;
  process.stdout.write(
    entries === 0
      ? `Nothing to delete: no enquiry or registration was sent before ${before} (kept for ${months} months).\n`
      : `Deleted ${describeCounts(result)} sent before ${before} (kept for ${months} months).\n`,
  );
  if (result.sentMessages > 0) {
    process.stdout.write(
      `Deleted ${result.sentMessages} sent e-mail${result.sentMessages === 1 ? "" : "s"} older than 30 days.\n`,
    );
  }
}
