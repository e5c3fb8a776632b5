// What /admin/students/import loads and accepts: an upload, the columns' meanings and the list's
// source with a preview (a GET: nothing is stored), the import itself, and undoing one. Admins only.
import { data, type RouterContextProvider, redirect } from "react-router";
import { ownerChoices } from "~/admissions/assignment/assignment.server";
import { databaseContext } from "~/platform/context.server";
import type { AppDatabase } from "~/platform/database.server";
import { publicOrigin } from "~/platform/env.server";
import { readLimitedForm, rowId } from "~/platform/form-data.server";
import { requireStaff, type StaffUser } from "~/staff/permissions.server";
import { intakeSourceLabels } from "./intake-labels";
import { type IntakeSource, intakeSources, isIntakeSource } from "./intake-sources";
import { guessLeadColumns, isLeadField, type LeadField, leadFieldLabels, leadFields } from "./lead-columns";
import { maxLeadFileBytes } from "./lead-file.server";
import {
  getLeadImport,
  importLeads,
  type LeadAssignment,
  type LeadChoices,
  type LeadImport,
  previewLeadImport,
  recentLeadImports,
  stageLeadFile,
  undoLeadImport,
  undoWindowMs,
} from "./lead-import.server";

export const importBase = "/admin/students/import";

/** Imports running in this process: rows done, for the page's progress bar. */
const running = new Map<number, number>();

export function importProgress(id: number): number | undefined {
  return running.get(id);
}

export async function requireImportDesk(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<StaffUser> {
  return requireStaff(request, context, ["admin"]);
}

/** The admin's choices as the page's form sends them (a GET for the preview, a POST to import). */
export function readChoices(params: URLSearchParams | FormData, headers: readonly string[]) {
  const given = params.getAll("col").map(String);
  const columns: LeadField[] =
    given.length === headers.length && given.every(isLeadField) ? (given as LeadField[]) : guessLeadColumns(headers);
  const source = String(params.get("source") ?? "").slice(0, 200);
  const howGiven = String(params.get("how") ?? "");
  const how: IntakeSource = isIntakeSource(howGiven) ? howGiven : "aggregator";
  const assign = String(params.get("assign") ?? "pools");
  return { columns, source, how, assign };
}

function assignmentOf(assign: string, owners: { id: string }[]): LeadAssignment | undefined {
  if (assign === "pools") return { mode: "pools" };
  if (assign === "unassigned") return { mode: "unassigned" };
  if (assign.startsWith("owner:")) {
    const ownerId = assign.slice("owner:".length);
    if (owners.some((owner) => owner.id === ownerId)) return { mode: "owner", ownerId };
  }
  return undefined;
}

function importView(row: LeadImport, now: number) {
  return {
    id: row.id,
    fileName: row.fileName,
    source: row.source,
    status: row.status,
    counts: row.counts,
    by: row.byLabel,
    importedAt: row.importedAt?.toISOString() ?? null,
    undoneAt: row.undoneAt?.toISOString() ?? null,
    undoneBy: row.undoneBy,
    undoable: row.status === "imported" && row.importedAt !== null && now - row.importedAt.getTime() < undoWindowMs,
  };
}

export async function loadImportPage(request: Request, context: Readonly<RouterContextProvider>) {
  await requireImportDesk(request, context);
  const db: AppDatabase = context.get(databaseContext).db;
  const params = new URL(request.url).searchParams;
  const owners = await ownerChoices(db);
  const recent = (await recentLeadImports(db)).map((row) => importView(row, Date.now()));
  const base = {
    owners,
    sources: intakeSources.map((value) => ({ value, label: intakeSourceLabels[value] })),
    fields: leadFields.map((value) => ({ value, label: leadFieldLabels[value] })),
    recent,
    maxMegabytes: maxLeadFileBytes / 1024 / 1024,
  };
  const importedId = rowId(params.get("imported"));
  const imported = importedId ? recent.find((row) => row.id === importedId) : undefined;
  const undoneId = rowId(params.get("undone"));
  const undone = undoneId ? recent.find((row) => row.id === undoneId && row.status === "undone") : undefined;
  const uploadId = rowId(params.get("upload"));
  const upload = uploadId ? await getLeadImport(db, uploadId) : undefined;
  if (upload?.status !== "staged" || !upload.file) {
    return {
      ...base,
      step: "upload" as const,
      imported: imported ?? null,
      undone: undone ?? null,
      gone: uploadId !== undefined,
    };
  }
  // The columns' meanings are chosen from the header row as the preview reads the file.
  const { headers, columns, ...preview } = await previewLeadImport(
    db,
    upload,
    (headers) => readChoices(params, headers).columns,
  );
  const choices = readChoices(params, headers);
  const refusedQuery = new URLSearchParams(choices.columns.map((column) => ["col", column]));
  return {
    ...base,
    step: "preview" as const,
    upload: { id: upload.id, fileName: upload.fileName },
    headers,
    choices,
    preview: {
      ...preview,
      sample: preview.sample.map((row) =>
        row.outcome === "refused"
          ? { number: row.number, outcome: row.outcome, reason: row.reason }
          : {
              number: row.number,
              outcome: row.outcome,
              name: row.name,
              mobile: row.mobile,
              email: row.email,
              courses: row.courses,
              district: row.district,
              note: row.note,
            },
      ),
    },
    refusedHref: `${importBase}/${upload.id}/refused?${refusedQuery}`,
  };
}

/** A refused step: the message, and the admin's choices kept for the page. */
export interface ImportProblem {
  ok: false;
  message: string;
}

export async function handleImportForm(request: Request, context: Readonly<RouterContextProvider>) {
  const staff = await requireImportDesk(request, context);
  const database = context.get(databaseContext);
  const db: AppDatabase = database.db;
  const form = await readLimitedForm(request, maxLeadFileBytes + 256 * 1024);
  if (form === "too-large")
    return data<ImportProblem>(
      { ok: false, message: "This file is larger than 10 MB: please split it into smaller files." },
      { status: 413 },
    );
  if (!form)
    return data<ImportProblem>({ ok: false, message: "Please send the form from the import page." }, { status: 415 });
  const actor = { id: staff.id, email: staff.email };
  const intent = form.get("intent");
  if (intent === "upload") {
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0)
      return data<ImportProblem>({ ok: false, message: "Please choose a file to upload." }, { status: 400 });
    const staged = await stageLeadFile(db, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }, actor);
    if (!staged.ok) return data<ImportProblem>({ ok: false, message: staged.message }, { status: staged.status });
    return redirect(`${importBase}?upload=${staged.upload.id}`);
  }
  if (intent === "import") {
    const id = rowId(form.get("upload"));
    const upload = id ? await getLeadImport(db, id) : undefined;
    if (!upload)
      return data<ImportProblem>(
        { ok: false, message: "There is no such upload: please upload the file again." },
        { status: 404 },
      );
    const choices = readChoices(form, []);
    const assignment = assignmentOf(choices.assign, await ownerChoices(db));
    if (!assignment)
      return data<ImportProblem>({ ok: false, message: "Please choose who gets the new students." }, { status: 400 });
    const leadChoices: LeadChoices = {
      // The columns' meanings are chosen from the header row as the import reads the file.
      columns: (headers) => readChoices(form, headers).columns,
      source: choices.source,
      how: choices.how,
      assignment,
    };
    running.set(upload.id, 0);
    try {
      const result = await importLeads(db, upload.id, leadChoices, actor, {
        origin: publicOrigin(request),
        onProgress: (done) => {
          running.set(upload.id, done);
        },
      });
      if (!result.ok) return data<ImportProblem>({ ok: false, message: result.message }, { status: result.status });
      return redirect(`${importBase}?imported=${upload.id}`);
    } finally {
      running.delete(upload.id);
    }
  }
  if (intent === "undo") {
    const id = rowId(form.get("id"));
    if (!id) return data<ImportProblem>({ ok: false, message: "There is no such import to undo." }, { status: 404 });
    const result = await undoLeadImport(db, id, actor);
    if (!result.ok) return data<ImportProblem>({ ok: false, message: result.message }, { status: result.status });
    return redirect(`${importBase}?undone=${id}`);
  }
  return data<ImportProblem>({ ok: false, message: "Please send the form from the import page." }, { status: 400 });
}
