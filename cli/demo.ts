import path from "node:path";
import { removeDemoContent } from "../app/site/demo-content.server";
import { cliEnvironment, withDatabase } from "./database";
import { CliError } from "./errors";

/** `demo remove`: deletes the demo placed students (and their images), batches and start dates, and says which. */
export async function demoRemoveCommand(args: string[]): Promise<void> {
  if (args.length > 0) throw new CliError(`demo remove takes no options (got ${args.join(" ")})`, 2);
  const uploadsDir = path.join(cliEnvironment().dataDir, "uploads");
  const removed = await withDatabase((database) => removeDemoContent(database, { uploadsDir }));
  const students = removed.placedStudents.length;
  const dates = removed.startDates.length;
  const { batches } = removed;
  if (students === 0 && dates === 0 && batches === 0) {
    process.stdout.write("No demo content to remove: nothing is as the demo content left it.\n");
    return;
  }
  const lines = [
    `Removed the demo content: ${students} placed student${students === 1 ? "" : "s"}, ${batches} batch${batches === 1 ? "" : "es"} and ${dates} batch start date${dates === 1 ? "" : "s"}.`,
  ];
  if (students > 0) lines.push(`Placed students: ${removed.placedStudents.join(", ")} (with their photos).`);
  if (dates > 0) lines.push(`Start dates of: ${removed.startDates.join(", ")}.`);
  lines.push("Anything staff added or changed was kept.");
  process.stdout.write(`${lines.join("\n")}\n`);
}
