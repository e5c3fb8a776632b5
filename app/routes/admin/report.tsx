import { Form } from "react-router";
import { readPeriod, reportFor } from "~/admissions/owners-report/owners-report-desk.server";
import {
  funnelRows,
  percent,
  type ReportColumn,
  type ReportTable,
  type ReportTableId,
  reportTables,
  showDuration,
  showPercent,
} from "~/admissions/owners-report/owners-report-tables";
import { BarList, ColumnChart } from "~/components/desk/charts";
import { deskMeta } from "~/components/desk/desk-meta";
import { FigureTable } from "~/components/desk/figure-table";
import { databaseContext } from "~/platform/context.server";
import { indiaFormat } from "~/platform/india-time";
import { indianNumber } from "~/platform/indian-numbers";
import { requireStaff } from "~/staff/permissions.server";
import type { Route } from "./+types/report";

export const meta = () => deskMeta("Owner's report");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, ["admin"]);
  const { db } = context.get(databaseContext);
  const query = readPeriod(request);
  const report = await reportFor(db, request);
  return { query, report: { ...report, at: report.at.toISOString() } };
}

type Report = Route.ComponentProps["loaderData"]["report"];

function Table<Row>({ id, report, period }: { id: ReportTableId; report: Report; period: string }) {
  const table = reportTables[id] as unknown as ReportTable<Row>;
  const rows = table.rows(report);
  const cell = (column: ReportColumn<Row>, row: Row) => {
    if (column.show) return column.show(row);
    const value = column.value(row);
    return typeof value === "number" ? indianNumber(value) : String(value ?? "");
  };
  return (
    <FigureTable
      caption={table.caption}
      note={table.note}
      // The page shows durations as "1 h 5 min"; the CSV's header names its unit.
      columns={table.columns.map((column) => ({ ...column, header: column.header.replace(" (minutes)", "") }))}
      download={`/admin/report/csv/${id}?${period}`}
      rows={rows.map((row, index) => ({
        key: String(index),
        cells: table.columns.map((column) => cell(column, row)),
      }))}
    />
  );
}

const number = (value: number) => indianNumber(value);

export default function OwnersReportPage({ loaderData }: Route.ComponentProps) {
  const { query, report } = loaderData;
  const { total } = report;
  const period = new URLSearchParams({ from: query.period.from, to: query.period.to }).toString();
  const followUps = total.followUps ?? { onTime: 0, missed: 0 };
  const funnel = funnelRows(report);
  const weeks = report.byWeek;
  return (
    <div className="space-y-6">
      <h1 className="page-title">Owner's report</h1>
      <p className="text-slate-700">
        The students who arrived from {query.period.from} to {query.period.to} (India time), and what the desk has done
        with them up to now. <a href="#definitions">What each figure counts</a>.
      </p>
      <Form method="get" className="desk-filters" noValidate>
        <label>
          <span>From</span>
          <input
            type="date"
            name="from"
            defaultValue={query.typed.from}
            aria-invalid={query.problems.from ? true : undefined}
            aria-describedby={query.problems.from ? "from-problem" : undefined}
          />
          {query.problems.from ? (
            <span id="from-problem" className="field-error">
              {query.problems.from}
            </span>
          ) : null}
        </label>
        <label>
          <span>To</span>
          <input
            type="date"
            name="to"
            defaultValue={query.typed.to}
            aria-invalid={query.problems.to ? true : undefined}
            aria-describedby={query.problems.to ? "to-problem" : undefined}
          />
          {query.problems.to ? (
            <span id="to-problem" className="field-error">
              {query.problems.to}
            </span>
          ) : null}
        </label>
        <button type="submit" className="btn-secondary">
          Show
        </button>
      </Form>

      <ul className="desk-cards" aria-label="The period at a glance">
        <li className="fact">
          New students<p className="text-3xl font-bold">{number(total.newStudents)}</p>
          <span className="text-sm text-slate-700">records created in the period</span>
        </li>
        <li className="fact">
          First response, median<p className="text-3xl font-bold">{showDuration(total.responseMedianMinutes)}</p>
          <span className="text-sm text-slate-700">
            90th percentile {showDuration(total.responseP90Minutes)}; {number(total.newStudents - total.contacted)} not
            contacted yet
          </span>
        </li>
        <li className="fact">
          Contacted within 1 hour
          <p className="text-3xl font-bold">{showPercent(percent(total.contactedWithin1h, total.newStudents))}</p>
          <span className="text-sm text-slate-700">
            within 24 hours: {showPercent(percent(total.contactedWithin24h, total.newStudents))} of new students
          </span>
        </li>
        <li className="fact">
          Follow-ups on time
          <p className="text-3xl font-bold">
            {showPercent(percent(followUps.onTime, followUps.onTime + followUps.missed))}
          </p>
          <span className="text-sm text-slate-700">
            {number(followUps.onTime)} on time, {number(followUps.missed)} missed (due in the period)
          </span>
        </li>
        <li className="fact">
          Enrolled<p className="text-3xl font-bold">{number(total.enrolled)}</p>
          <span className="text-sm text-slate-700">
            conversion {showPercent(percent(total.enrolled, total.newStudents))} of new students; {number(total.lost)}{" "}
            lost
          </span>
        </li>
      </ul>

      <section aria-labelledby="funnel" className="space-y-3">
        <h2 id="funnel" className="text-xl font-bold">
          How far the new students got
        </h2>
        <div className="report-grid">
          <BarList
            caption="Stage funnel"
            summary={`Of ${number(total.newStudents)} new students: ${funnel
              .map((row) => `${row.stage} ${number(row.reached)}`)
              .join(", ")}.`}
            bars={funnel.map((row) => ({
              key: row.stage,
              label: row.stage,
              value: row.reached,
              text: `${number(row.reached)} (${showPercent(row.ofNew)})`,
            }))}
          />
          <Table id="funnel" report={report} period={period} />
        </div>
        <div className="report-grid">
          <Table id="lost" report={report} period={period} />
        </div>
      </section>

      <section aria-labelledby="response" className="space-y-3">
        <h2 id="response" className="text-xl font-bold">
          How fast the desk answered
        </h2>
        <ColumnChart
          caption="First response per week of arrival (median, and 90th percentile)"
          summary={
            weeks.length === 0
              ? "No students arrived in this period."
              : `Median first response per week from ${weeks[0]?.key} to ${weeks.at(-1)?.key}: from ${showDuration(
                  Math.min(...weeks.map((w) => w.responseMedianMinutes ?? Number.POSITIVE_INFINITY)),
                )} to ${showDuration(Math.max(...weeks.map((w) => w.responseMedianMinutes ?? 0)))}; the table below has every week.`
          }
          format={(minutes) => (minutes >= 120 ? `${Math.round(minutes / 60)} h` : `${Math.round(minutes)} min`)}
          legend={{ bar: "Median", mark: "90th percentile" }}
          columns={weeks.map((week) => ({
            key: week.key,
            label: week.key.slice(5),
            value: week.responseMedianMinutes ?? 0,
            mark: week.responseP90Minutes,
            title: `Week of ${week.key}: median ${showDuration(week.responseMedianMinutes)}, 90th percentile ${showDuration(week.responseP90Minutes)}, ${week.newStudents} new`,
          }))}
        />
        <Table id="weeks" report={report} period={period} />
      </section>

      <section aria-labelledby="who" className="space-y-3">
        <h2 id="who" className="text-xl font-bold">
          By counsellor, course and branch
        </h2>
        <Table id="counsellors" report={report} period={period} />
        <Table id="courses" report={report} period={period} />
        <Table id="branches" report={report} period={period} />
      </section>

      <section aria-labelledby="where" className="space-y-3">
        <h2 id="where" className="text-xl font-bold">
          Where the students came from
        </h2>
        <Table id="sources" report={report} period={period} />
        <Table id="campaigns" report={report} period={period} />
      </section>

      <section id="definitions" aria-labelledby="definitions-title" className="desk-form space-y-2 text-sm">
        <h2 id="definitions-title" className="text-lg font-bold">
          What each figure counts
        </h2>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <strong>New students</strong>: student records created in the period (a student who writes again stays one
            record, counted when they first wrote). Every other figure except follow-ups is about these students, up to
            now.
          </li>
          <li>
            <strong>First response</strong>: from the record's creation to the first call, WhatsApp or e-mail logged on
            it; median and 90th percentile over those contacted. Shares within 1 and 24 hours are of all new students,
            so the not yet contacted count against them.
          </li>
          <li>
            <strong>Follow-ups</strong>: follow-up times that fell in the period (and over an hour ago). On time: a
            call, WhatsApp or e-mail was logged between setting it and an hour after it was due. Missed: none was, and
            it was not moved before it fell due (moved ones are not counted).
          </li>
          <li>
            <strong>Funnel</strong>: the furthest stage each new student has reached, by their stage changes and their
            stage now; a student who jumped ahead counts for every stage before. Lost students count for the stage they
            had reached.
          </li>
          <li>
            <strong>Enrolled and conversion</strong>: new students whose stage is Enrolled now, and their share of new
            students. Lost: stage Lost now, by reason.
          </li>
          <li>
            <strong>Counsellor</strong>: the record's owner now. <strong>Course</strong>: the first course the student
            asked about. <strong>Branch</strong>: the record's branch now (guessed ones included; "Not known yet"
            apart). <strong>Source and campaign</strong>: the first touch carried by the student's first form.
          </li>
        </ul>
        <p className="text-slate-700">
          Figures as of{" "}
          {indiaFormat({
            year: "numeric",
            month: "numeric",
            day: "numeric",
            hour: "numeric",
            minute: "numeric",
            second: "numeric",
          }).format(new Date(report.at))}{" "}
          (India time).
        </p>
      </section>
    </div>
  );
}
