// Public forms filed in groups (decision 033). A form that arrives while the site is idle is filed
// at once, alone. Forms that arrive while others are being filed wait for that statement and then
// go together in the next one: under a load of forms most of a statement's cost (a call into the
// database, a transaction, its commit) is shared by the group, and no form waits on a timer.
import type { Database } from "~/platform/database.server";
import { allWritten, type GroupedWrites, groupedWrites } from "~/platform/grouped-writes.server";
import {
  type FormToFile,
  fileForm,
  fileSubmissions,
  formToFile,
  type StoredSubmission,
  type SubmissionInput,
  type SubmissionMeta,
} from "./submission-repository.server";
import type { SubmissionKind } from "./submission-schema";

/** At most this many forms in one statement: a group stays far inside the statement timeout. */
const maxFormsPerStatement = 32;

/** Files a group in one statement; if the database refuses it, each form on its own. */
async function fileGroup(database: Database, group: FormToFile[]): Promise<PromiseSettledResult<StoredSubmission>[]> {
  const { db } = database;
  if (group.length > 1) {
    try {
      return allWritten(await fileSubmissions(db, group));
    } catch {
      // One form the database refused (or a deadlock with another process) takes its whole
      // group's statement with it: each is then filed on its own, so only its own student hears of it.
    }
  }
  return Promise.allSettled(group.map((form) => fileForm(db, form)));
}

const queues = new WeakMap<Database, GroupedWrites<FormToFile, StoredSubmission>>();

/**
 * Stores a public form exactly once and files it on its student's record, as createSubmission
 * does, in a group with the forms that arrive beside it. Not for use inside a transaction: the
 * group's statement is a transaction of its own.
 */
export function fileSubmission<K extends SubmissionKind>(
  database: Database,
  kind: K,
  input: SubmissionInput<K>,
  meta: SubmissionMeta,
): Promise<StoredSubmission> {
  let queue = queues.get(database);
  if (!queue) {
    // PGlite runs one statement at a time; PostgreSQL's server has cores to spare.
    queue = groupedWrites((group: FormToFile[]) => fileGroup(database, group), {
      parallel: database.engine === "pglite" ? 1 : 2,
      maxPerGroup: maxFormsPerStatement,
    });
    queues.set(database, queue);
  }
  return queue.add(formToFile(kind, input, meta));
}
