import { Form } from "react-router";
import { ColumnChart } from "~/components/desk/charts";
import { deskMeta } from "~/components/desk/desk-meta";
import { FigureTable } from "~/components/desk/figure-table";
import { shareOf, showShare } from "~/components/desk/shares";
import {
  type Conversion,
  conversionsByCampaign,
  conversionsByLandingPage,
  type DayRange,
  devices,
  entryConversion,
  figuresPerDay,
  type Ranked,
  topCampaigns,
  topPages,
  topReferrers,
} from "~/insight/analytics-report.server";
import { databaseContext } from "~/platform/context.server";
import { addIndiaDays, indiaDay, isIndiaDay } from "~/platform/india-time";
import { requireStaff } from "~/staff/permissions.server";
import type { Route } from "./+types/analytics";

export const meta = () => deskMeta("Visitors");

const isDay = (value: string | null): value is string => value !== null && isIndiaDay(value);

/** The last 30 days by default; any range of up to two years on request. */
function rangeOf(request: Request): DayRange {
  const params = new URL(request.url).searchParams;
  const to = isDay(params.get("to")) ? (params.get("to") as string) : indiaDay();
  const defaultFrom = addIndiaDays(to, -29);
  let from = isDay(params.get("from")) ? (params.get("from") as string) : defaultFrom;
  if (from > to) from = to;
  const earliest = addIndiaDays(to, -730);
  // biome-ignore lint/complexity/useMathMinMax: these are ISO day strings, compared as text
  return { from: from < earliest ? earliest : from, to };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, ["admin"]);
  const { db } = context.get(databaseContext);
  const range = rangeOf(request);
  const [days, pages, referrers, campaigns, deviceViews, byLandingPage, byCampaign, conversion] = await Promise.all([
    figuresPerDay(db, range),
    topPages(db, range),
    topReferrers(db, range),
    topCampaigns(db, range),
    devices(db, range),
    conversionsByLandingPage(db, range),
    conversionsByCampaign(db, range),
    entryConversion(db, range),
  ]);
  return { range, days, pages, referrers, campaigns, deviceViews, byLandingPage, byCampaign, conversion };
}

function RankedTable({ caption, rows, label }: { caption: string; rows: Ranked[]; label: string }) {
  return (
    <FigureTable
      caption={caption}
      columns={[{ header: label }, { header: "Views", numeric: true }]}
      rows={rows.map((row) => ({ key: row.label, cells: [row.label, row.views] }))}
    />
  );
}

/** Entries that became students, e.g. "2.5%"; a dash where it is not a share of the entries counted. */
function conversionRate(row: Conversion): string {
  return showShare(shareOf(row.students, row.entries));
}

function ConversionTable({ caption, rows, label }: { caption: string; rows: Conversion[]; label: string }) {
  return (
    <FigureTable
      caption={caption}
      columns={[
        { header: label },
        { header: "Entries", numeric: true },
        { header: "Enquiries", numeric: true },
        { header: "Registrations", numeric: true },
        { header: "Students", numeric: true },
        { header: "Entries that became students", numeric: true },
      ]}
      rows={rows.map((row) => ({
        key: row.label,
        cells: [
          row.label || "Not known (cookies off, or before first-touch counting)",
          row.entries,
          row.enquiries,
          row.registrations,
          row.students,
          conversionRate(row),
        ],
      }))}
    />
  );
}

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const { range, days, pages, referrers, campaigns, deviceViews, byLandingPage, byCampaign, conversion } = loaderData;
  const totals = days.reduce(
    (t, d) => ({
      views: t.views + d.views,
      visitors: t.visitors + d.visitors,
      enquiries: t.enquiries + d.enquiries,
      registrations: t.registrations + d.registrations,
    }),
    { views: 0, visitors: 0, enquiries: 0, registrations: 0 },
  );
  const rate = shareOf(conversion.students, conversion.entries);
  return (
    <div className="space-y-6">
      <h1 className="page-title">Visitors</h1>
      <p className="text-slate-700">
        Counted by the site itself: no tracking cookies, no third-party scripts, no IP addresses kept. Bots, link
        prefetches and signed-in staff are not counted.
      </p>
      <Form method="get" className="desk-filters">
        <label>
          <span>From</span>
          <input type="date" name="from" defaultValue={range.from} />
        </label>
        <label>
          <span>To</span>
          <input type="date" name="to" defaultValue={range.to} />
        </label>
        <button type="submit" className="btn-secondary">
          Show
        </button>
      </Form>
      <ul className="desk-cards">
        <li className="fact">
          Page views<p className="text-3xl font-bold">{totals.views}</p>
          <span className="text-sm text-slate-700">public pages served to people</span>
        </li>
        <li className="fact">
          Visitors<p className="text-3xl font-bold">{totals.visitors}</p>
          <span className="text-sm text-slate-700">
            each day's different visitors, added up (one person on two days counts twice)
          </span>
        </li>
        <li className="fact">
          Enquiries and registrations<p className="text-3xl font-bold">{totals.enquiries + totals.registrations}</p>
          <span className="text-sm text-slate-700">forms sent; one student may send several</span>
        </li>
        <li className="fact">
          Entries that became students
          <p className="text-3xl font-bold">{showShare(rate)}</p>
          <span className="text-sm text-slate-700">
            {rate === null && conversion.students > conversion.entries
              ? `${conversion.students} students but only ${conversion.entries} entries counted in this period (their visits began before it): no share to give`
              : `${conversion.students} of ${conversion.entries} visits that began here led to a student's form`}
            {conversion.unattributed > 0
              ? `; ${conversion.unattributed} more students wrote without a known first page`
              : ""}
          </span>
        </li>
      </ul>
      <ColumnChart
        caption="Page views and visitors per day"
        summary={`Page views and visitors per day from ${days[0]?.day ?? ""} to ${days.at(-1)?.day ?? ""}: ${totals.views} views, ${totals.visitors} visitors added up over the days. The table "Day by day" has each day.`}
        format={(value) => String(Math.round(value))}
        legend={{ bar: "Page views", mark: "Visitors" }}
        columns={days.map((d) => ({
          key: d.day,
          label: d.day.slice(5),
          value: d.views,
          mark: d.visitors,
          title: `${d.day}: ${d.views} views, ${d.visitors} visitors`,
        }))}
      />
      <section aria-labelledby="conversion" className="space-y-3">
        <h2 id="conversion" className="text-xl font-bold">
          Which pages and campaigns bring students
        </h2>
        <p className="text-slate-700">
          An entry is a visit's first page (the visitor had no first-touch cookie yet). Each enquiry and registration
          carries the page its student first landed on and the campaign of that link. The rate is students over entries
          on the same page; a dash where more students than entries were counted (a visit that began before the period,
          the first touch lasts 7 days).
        </p>
        <div className="grid gap-4">
          <ConversionTable caption="Conversion by landing page" rows={byLandingPage} label="Landing page" />
          <ConversionTable
            caption="Conversion by campaign (source / medium / campaign)"
            rows={byCampaign}
            label="Campaign"
          />
        </div>
      </section>
      <div className="grid gap-4 lg:grid-cols-2">
        <RankedTable caption="Top pages" rows={pages} label="Page" />
        <RankedTable caption="Top referrers" rows={referrers} label="Site" />
        <RankedTable caption="Campaigns (source / medium / campaign)" rows={campaigns} label="Campaign" />
        <RankedTable caption="Devices" rows={deviceViews} label="Device" />
      </div>
      <details className="desk-form">
        <summary className="cursor-pointer font-bold">Day by day</summary>
        <div className="mt-2">
          <FigureTable
            caption="Day by day"
            columns={[
              { header: "Day" },
              { header: "Views", numeric: true },
              { header: "Visitors", numeric: true },
              { header: "Enquiries", numeric: true },
              { header: "Registrations", numeric: true },
            ]}
            rows={days.map((d) => ({ key: d.day, cells: [d.day, d.views, d.visitors, d.enquiries, d.registrations] }))}
          />
        </div>
      </details>
    </div>
  );
}
