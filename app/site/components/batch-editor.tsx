import { Form, Link, useNavigation } from "react-router";
import {
  type BatchSeatWord,
  batchDateLabel,
  batchDays,
  batchDaysLabels,
  batchModeLabels,
  batchModes,
  batchSeatWords,
} from "~/site/batch-rules";
import { branches, branchName } from "~/site/branches";

export type BatchValues = Partial<
  Record<
    | "branch"
    | "startsOn"
    | "days"
    | "startTime"
    | "endTime"
    | "mode"
    | "seats"
    | "seatsTotal"
    | "feeInr"
    | "feeIncludes",
    string
  >
>;

export interface DeskBatch {
  id: number;
  values: BatchValues;
  updatedBy: string | null;
  /** Students enrolled in it, and its seats in words ("3 of 20 seats left"). */
  enrolled: number;
  seats: string;
  /** Its roster on this desk. */
  roster: string;
}

/** After a batch's first day moved: its enrolled students to tell, each with a WhatsApp message. */
export interface BatchInform {
  count: number;
  oldDate: string;
  newDate: string;
  template: string;
  students: { id: number; name: string; mobile: string; whatsapp: string }[];
}

export interface BatchAnswer {
  batch?: number | "new";
  ok: boolean;
  message?: string;
  error?: string;
  fieldErrors?: Record<string, string>;
  values?: BatchValues;
  inform?: BatchInform;
}

/** What the site says about seats while a batch has no total. */
const seatWordLabels: Record<BatchSeatWord, string> = {
  open: "Nothing (seats open)",
  "filling-fast": "Filling fast",
  full: "Full",
};

/** The fields of one batch, filled with what is stored or what was just typed. */
function BatchFields({
  prefix,
  values,
  errors,
}: {
  prefix: string;
  values: BatchValues;
  errors: Record<string, string>;
}) {
  const id = (name: string) => `${prefix}-${name}`;
  const control = (name: string, hint?: boolean) => {
    const ids = [hint ? `${id(name)}-hint` : "", errors[name] ? `${id(name)}-error` : ""].filter(Boolean).join(" ");
    return {
      id: id(name),
      name,
      "aria-invalid": errors[name] ? (true as const) : undefined,
      "aria-describedby": ids || undefined,
    };
  };
  const error = (name: string) =>
    errors[name] ? (
      <span id={`${id(name)}-error`} className="field-error">
        {errors[name]}
      </span>
    ) : null;
  const select = (name: keyof BatchValues, label: string, options: readonly (readonly [string, string])[]) => (
    <div className="desk-field">
      <label htmlFor={id(name)}>{label}</label>
      <select {...control(name)} defaultValue={values[name] ?? ""}>
        <option value="">Choose...</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      {error(name)}
    </div>
  );
  return (
    <div className="batch-form-grid">
      {select(
        "branch",
        "Branch",
        branches.map((branch) => [branch.key, branch.name] as const),
      )}
      <div className="desk-field">
        <label htmlFor={id("startsOn")}>Starts on</label>
        <input type="date" {...control("startsOn")} defaultValue={values.startsOn ?? ""} />
        {error("startsOn")}
      </div>
      {select(
        "days",
        "Days",
        batchDays.map((value) => [value, batchDaysLabels[value]] as const),
      )}
      <div className="desk-field">
        <label htmlFor={id("startTime")}>Class starts</label>
        <input type="time" {...control("startTime")} defaultValue={values.startTime ?? ""} />
        {error("startTime")}
      </div>
      <div className="desk-field">
        <label htmlFor={id("endTime")}>Class ends</label>
        <input type="time" {...control("endTime")} defaultValue={values.endTime ?? ""} />
        {error("endTime")}
      </div>
      {select(
        "mode",
        "Mode",
        batchModes.map((value) => [value, batchModeLabels[value]] as const),
      )}
      <div className="desk-field">
        <label htmlFor={id("seatsTotal")}>Total seats</label>
        <span className="desk-hint" id={`${id("seatsTotal")}-hint`}>
          How many students the batch takes. The site counts the seats left from the students enrolled in it.
        </span>
        <input inputMode="numeric" {...control("seatsTotal", true)} defaultValue={values.seatsTotal ?? ""} />
        {error("seatsTotal")}
      </div>
      <div className="desk-field">
        <label htmlFor={id("seats")}>Without a total, the site says</label>
        <span className="desk-hint" id={`${id("seats")}-hint`}>
          Used only while Total seats is empty.
        </span>
        <select {...control("seats", true)} defaultValue={values.seats ?? "open"}>
          {batchSeatWords.map((value) => (
            <option key={value} value={value}>
              {seatWordLabels[value]}
            </option>
          ))}
        </select>
        {error("seats")}
      </div>
      <div className="desk-field">
        <label htmlFor={id("feeInr")}>Fee (₹)</label>
        <input inputMode="numeric" {...control("feeInr")} defaultValue={values.feeInr ?? ""} />
        {error("feeInr")}
      </div>
      <div className="desk-field batch-form-wide">
        <label htmlFor={id("feeIncludes")}>The fee includes (optional)</label>
        <span className="desk-hint" id={`${id("feeIncludes")}-hint`}>
          E.g. "development board kit, lab access and certificate".
        </span>
        <input maxLength={200} {...control("feeIncludes", true)} defaultValue={values.feeIncludes ?? ""} />
        {error("feeIncludes")}
      </div>
    </div>
  );
}

function Answer({ answer }: { answer?: BatchAnswer }) {
  if (!answer) return null;
  return (
    <span role={answer.ok ? "status" : "alert"} className={`desk-result desk-result-${answer.ok ? "ok" : "error"}`}>
      {answer.ok ? answer.message : `Error: ${answer.error}`}
    </span>
  );
}

/** The enrolled students to tell of a batch's new first day, each with the message ready on WhatsApp. */
function Inform({ inform }: { inform: BatchInform }) {
  return (
    <section className="batch-inform" aria-label="Students to tell of the new date">
      <p>
        <strong>Tell {inform.count === 1 ? "the 1 enrolled student" : `the ${inform.count} enrolled students`}:</strong>{" "}
        the batch now starts {inform.newDate} (it was {inform.oldDate}). Each link opens WhatsApp with this message,
        filled in for the student:
      </p>
      <blockquote className="batch-inform-template">{inform.template}</blockquote>
      <ul>
        {inform.students.map((student) => (
          <li key={student.id}>
            {student.name} ({student.mobile}):{" "}
            <a href={student.whatsapp} target="_blank" rel="noreferrer">
              WhatsApp<span className="sr-only">{` ${student.name}`}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A batch's roster, with how many students are enrolled in it. */
function RosterLink({ batch }: { batch: DeskBatch }) {
  return (
    <Link to={batch.roster}>{`Roster (${batch.enrolled === 1 ? "1 student" : `${batch.enrolled} students`})`}</Link>
  );
}

/** A batch's seats and enrolled students, with its roster. */
function Seats({ batch }: { batch: DeskBatch }) {
  return (
    <p className="batch-desk-seats">
      {batch.seats} · <RosterLink batch={batch} />
    </p>
  );
}

/** The course's batches on the desk: add one, change or remove the upcoming ones, clear out past ones. */
export function BatchEditor({
  courseTitle,
  upcoming,
  past,
  answer,
}: {
  courseTitle: string;
  upcoming: DeskBatch[];
  past: DeskBatch[];
  answer?: BatchAnswer;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const refused = answer && !answer.ok ? answer : undefined;
  const forBatch = (batch: number | "new") => (answer?.batch === batch ? answer : undefined);
  const typedFor = (batch: number | "new") => (refused?.batch === batch ? refused.values : undefined);
  const errorsFor = (batch: number | "new") => (refused?.batch === batch ? (refused.fieldErrors ?? {}) : {});
  // A refused form keeps its typing; a saved one is drawn anew from what is stored.
  const formKey = (batch: number | "new") =>
    `${batch}-${answer?.batch === batch ? (answer.ok ? `saved-${answer.message}` : "refused") : "stored"}`;
  return (
    <section className="space-y-4" aria-labelledby="batches-title">
      <h2 id="batches-title" className="text-xl font-bold">
        Batches
      </h2>
      <p className="text-slate-700">
        The course page, the admissions page, the home page and the registration form show the upcoming batches of{" "}
        {courseTitle}, soonest first. A batch hides itself the day after it starts. With a total of seats, the site
        counts the seats left from the students enrolled in the batch on their records, and says "Filling fast" and
        "Full" by itself.
      </p>
      {answer && answer.batch === undefined ? (
        <p>
          <Answer answer={answer} />
        </p>
      ) : null}
      {upcoming.length === 0 ? (
        <p>No upcoming batch: the site shows the start date note below, or "Starting soon".</p>
      ) : null}
      {upcoming.map((batch) => (
        <Form method="post" className="desk-form" key={formKey(batch.id)} aria-label={`Batch ${batch.id}`}>
          <h3 className="font-bold">
            Starts {batch.values.startsOn ? batchDateLabel(batch.values.startsOn) : ""},{" "}
            {branchName(batch.values.branch ?? "")}
            {batch.updatedBy === "demo content" ? " (demo)" : ""}
          </h3>
          <Seats batch={batch} />
          <input type="hidden" name="id" value={batch.id} />
          <BatchFields
            prefix={`batch-${batch.id}`}
            values={typedFor(batch.id) ?? batch.values}
            errors={errorsFor(batch.id)}
          />
          <p className="desk-form-actions">
            <button type="submit" name="intent" value="batch-save" className="btn-primary" disabled={busy}>
              Save batch
            </button>
            <button type="submit" name="intent" value="batch-remove" className="btn-secondary" disabled={busy}>
              Remove batch
            </button>
            <Answer answer={forBatch(batch.id)} />
          </p>
          {forBatch(batch.id)?.inform ? <Inform inform={forBatch(batch.id)?.inform as BatchInform} /> : null}
        </Form>
      ))}
      <Form method="post" className="desk-form" key={formKey("new")} aria-labelledby="new-batch-title">
        <h3 id="new-batch-title" className="font-bold">
          Add a batch
        </h3>
        <BatchFields prefix="batch-new" values={typedFor("new") ?? {}} errors={errorsFor("new")} />
        <p className="desk-form-actions">
          <button type="submit" name="intent" value="batch-add" className="btn-primary" disabled={busy}>
            Add batch
          </button>
          <Answer answer={forBatch("new")} />
        </p>
      </Form>
      {past.length > 0 ? (
        <div className="desk-form">
          <h3 className="font-bold">Started batches (no longer shown on the site)</h3>
          <ul className="space-y-2">
            {past.map((batch) => (
              <li key={batch.id}>
                <Form method="post" className="desk-form-actions" aria-label={`Batch ${batch.id}`}>
                  <input type="hidden" name="id" value={batch.id} />
                  <span>
                    Started {batch.values.startsOn ? batchDateLabel(batch.values.startsOn) : ""},{" "}
                    {branchName(batch.values.branch ?? "")} · {batch.seats} · <RosterLink batch={batch} />
                  </span>
                  <button type="submit" name="intent" value="batch-remove" className="btn-secondary" disabled={busy}>
                    Remove
                  </button>
                  <Answer answer={forBatch(batch.id)} />
                </Form>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
