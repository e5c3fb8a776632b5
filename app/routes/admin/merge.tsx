import { Form, Link } from "react-router";
import { handleMergeForm, loadMergePage } from "~/admissions/merge/merge-desk.server";
import { courseLabelOf } from "~/admissions/records/record-list";
import { recordIdOf } from "~/admissions/records/record-page.server";
import { lostReasonLabels, stageLabels } from "~/admissions/records/stage-labels";
import type { LostReason, StudentStage } from "~/admissions/records/student-stages";
import { deskMeta } from "~/components/desk/desk-meta";
import { IndiaTime } from "~/components/desk/india-time";
import { databaseContext } from "~/platform/context.server";
import { readFormBody } from "~/platform/form-data.server";
import { requireStaff } from "~/staff/permissions.server";
import type { Route } from "./+types/merge";

/** Two records of one student, side by side, and the merge (admins only). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context, ["admin"]);
  const id = recordIdOf(params.id);
  return loadMergePage(context.get(databaseContext).db, id, request);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, ["admin"]);
  const id = recordIdOf(params.id);
  const form = (await readFormBody(request)) ?? new FormData();
  return handleMergeForm(context.get(databaseContext).db, form, id, staff);
}

export function meta() {
  return deskMeta("Merge records");
}

type Side = Route.ComponentProps["loaderData"]["record"];

function stageText(stage: string, lostReason: string | null): string {
  const label = stageLabels[stage as StudentStage] ?? stage;
  return lostReason ? `${label} (${lostReasonLabels[lostReason as LostReason] ?? lostReason})` : label;
}

function RecordCard({ record, title }: { record: Side; title: string }) {
  return (
    <section className="record-panel" aria-labelledby={`merge-${record.id}`}>
      <h2 id={`merge-${record.id}`}>
        {title}: <Link to={`/admin/students/${record.id}`}>{record.name}</Link> (record {record.id})
      </h2>
      <dl className="record-details">
        <dt>Mobile</dt>
        <dd>{record.mobiles.join(", ")}</dd>
        <dt>E-mail</dt>
        <dd>{record.emails.join(", ")}</dd>
        <dt>Place</dt>
        <dd>{record.place || "Not given"}</dd>
        <dt>Courses</dt>
        <dd>{record.courses.length ? record.courses.map(courseLabelOf).join(", ") : "None (enquiries only)"}</dd>
        <dt>Stage</dt>
        <dd>{stageText(record.stage, record.lostReason)}</dd>
        <dt>Owner</dt>
        <dd>{record.ownerName ?? "Unassigned"}</dd>
        <dt>Follow-up</dt>
        <dd>{record.nextFollowUpAt ? <IndiaTime iso={record.nextFollowUpAt} /> : "None"}</dd>
        <dt>First contact</dt>
        <dd>
          <IndiaTime iso={record.createdAt} />
        </dd>
        <dt>Forms</dt>
        <dd>
          {record.forms.length === 0
            ? "None"
            : record.forms
                .map((row) =>
                  row.kind === "enquiry" ? "Enquiry" : `Registration (${courseLabelOf(row.course ?? "")})`,
                )
                .join(", ")}
        </dd>
        <dt>Timeline</dt>
        <dd>{record.timelineEntries === 1 ? "1 entry" : `${record.timelineEntries} entries`}</dd>
      </dl>
    </section>
  );
}

export default function Merge({ loaderData, actionData }: Route.ComponentProps) {
  const { record, other, outcomes, duplicates } = loaderData;
  return (
    <div className="record">
      <p className="record-back">
        <Link to={`/admin/students/${record.id}`}>Back to {record.name}</Link>
      </p>
      <h1 className="page-title">Merge two records of one student</h1>
      <p className="mb-3">
        Compare the two records first. Merging keeps one record: the other's forms and timeline move to it, every
        mobile, e-mail and course of both is kept, and the other record's links lead to it. Nothing is deleted from
        either timeline. The audit log records the merge.
      </p>
      {loaderData.changed ? (
        <p role="alert" className="desk-result desk-result-error">
          One of the records changed while you were comparing them, so nothing was merged. They are shown again as they
          are now.
        </p>
      ) : null}
      {actionData && !actionData.ok ? (
        <p role="alert" className="desk-result desk-result-error">
          Error: {actionData.error}
        </p>
      ) : null}

      <Form method="get" className="desk-filters mb-4">
        <label>
          <span>Compare with record number</span>
          <input type="text" inputMode="numeric" name="with" defaultValue={loaderData.withText} size={8} />
        </label>
        <button type="submit" className="btn-secondary">
          Compare
        </button>
      </Form>
      {loaderData.notFound ? (
        <p role="alert" className="desk-result desk-result-error">
          There is no other record numbered {loaderData.withText}.
        </p>
      ) : null}
      {duplicates.length > 0 ? (
        <div className="mb-4">
          <h2 className="text-lg font-bold">Likely the same student</h2>
          <ul className="record-duplicates">
            {duplicates.map((hint) => (
              <li key={hint.id}>
                <Link to={`?with=${hint.id}`}>
                  {hint.name} (record {hint.id})
                </Link>{" "}
                · {hint.mobile} · {hint.district} · {hint.reasons.join(", ")}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {other ? (
        <>
          <div className="merge-sides">
            <RecordCard record={record} title="This record" />
            <RecordCard record={other} title="The other record" />
          </div>
          <Form method="post" className="record-panel desk-form merge-form">
            <input type="hidden" name="with" value={other.id} />
            <input type="hidden" name="version" value={record.version} />
            <input type="hidden" name="withVersion" value={other.version} />
            <fieldset className="record-choices">
              <legend className="font-bold">Which record is kept</legend>
              {outcomes.map((outcome) => {
                const kept = outcome.keptId === record.id ? record : other;
                return (
                  <label key={outcome.keptId} className="merge-choice">
                    <input
                      type="radio"
                      name="keep"
                      value={outcome.keptId}
                      defaultChecked={loaderData.suggestedKeep === outcome.keptId}
                    />{" "}
                    <span>
                      Keep {kept.name} (record {outcome.keptId}); record {outcome.mergedId} goes into it. Afterwards:{" "}
                      {stageText(outcome.stage, outcome.lostReason)}, owner {outcome.ownerName ?? "Unassigned"},
                      follow-up {outcome.nextFollowUpAt ? <IndiaTime iso={outcome.nextFollowUpAt} /> : "none"}; mobiles{" "}
                      {outcome.mobiles.join(", ")}.
                    </span>
                  </label>
                );
              })}
            </fieldset>
            <p className="desk-hint">
              The stage is the further along of the two (Lost only if both are lost), the owner is the kept record's (or
              the other's if it has none), and the follow-up is the sooner of the two.
            </p>
            <div className="check-field-row">
              <input type="checkbox" id="merge-confirm" name="confirm" value="yes" />
              <label htmlFor="merge-confirm">These two records are the same student.</label>
            </div>
            <button type="submit" className="btn-primary">
              Merge the records
            </button>
          </Form>
        </>
      ) : (
        <RecordCard record={record} title="This record" />
      )}
    </div>
  );
}
