import { Form } from "react-router";
import {
  type Conversion,
  conversionsByCampaign,
  conversionsByLandingPage,
  type DayRange,
  devices,
  figuresPerDay,
  type Ranked,
  topCampaigns,
  topPages,
  topReferrers,
} from "~/insight/analytics-report.server";
import { DailyChart } from "~/insight/components/daily-chart";
import { indiaDay } from "~/insight/page-views.server";
import { databaseContext } from "~/platform/context.server";
import { requireStaff } from "~/staff/permissions.server";
import type { Route } from "./+types/analytics";

const isDay = (value: string | null): value is string =>
  !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/** The last 30 days by default; any range of up to two years on request. */
function rangeOf(request: Request): DayRange {
  const params = new URL(request.url).searchParams;
  const to = isDay(params.get("to")) ? (params.get("to") as string) : indiaDay();
  const defaultFrom = new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  let from = isDay(params.get("from")) ? (params.get("from") as string) : defaultFrom;
  if (from > to) from = to;
  const earliest = new Date(Date.parse(`${to}T00:00:00Z`) - 730 * 86_400_000).toISOString().slice(0, 10);
  // biome-ignore lint/complexity/useMathMinMax: these are ISO day strings, compared as text
  return { from: from < earliest ? earliest : from, to };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, ["admin"]);
  const { db } = context.get(databaseContext);
  const range = rangeOf(request);
  const [days, pages, referrers, campaigns, deviceViews, byLandingPage, byCampaign] = await Promise.all([
    figuresPerDay(db, range),
    topPages(db, range),
    topReferrers(db, range),
    topCampaigns(db, range),
    devices(db, range),
    conversionsByLandingPage(db, range),
    conversionsByCampaign(db, range),
  ]);
  return { range, days, pages, referrers, campaigns, deviceViews, byLandingPage, byCampaign };
}

/** A small table of figures: a caption, a label column, then numbers. */
function FigureTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: string[];
  rows: { key: string; cells: React.ReactNode[] }[];
}) {
  return (
    <div className="desk-table-wrap">
      <table className="desk-table">
        <caption className="p-2 text-left font-bold">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length}>None in this period.</td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.key}>
                {row.cells.map((cell, index) => (
                  <td key={index}>{cell}</td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

function RankedTable({ caption, rows, label }: { caption: string; rows: Ranked[]; label: string }) {
  return (
    <FigureTable
      caption={caption}
      columns={[label, "Views"]}
      rows={rows.map((row) => ({ key: row.label, cells: [row.label, row.views] }))}
    />
  );
}

/** Submissions per 100 entries, e.g. "2.5%"; a dash where nobody is known to have landed. */
function conversionRate(row: Conversion): string {
  if (row.entries === 0) return "–";
  return `${(((row.enquiries + row.registrations) / row.entries) * 100).toFixed(1)}%`;
}

function ConversionTable({ caption, rows, label }: { caption: string; rows: Conversion[]; label: string }) {
  return (
    <FigureTable
      caption={caption}
      columns={[label, "Entries", "Enquiries", "Registrations", "Conversion"]}
      rows={rows.map((row) => ({
        key: row.label,
        cells: [
          row.label || "Not known (cookies off, or before first-touch counting)",
          row.entries,
          row.enquiries,
          row.registrations,
          conversionRate(row),
        ],
      }))}
    />
  );
}

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const { range, days, pages, referrers, campaigns, deviceViews, byLandingPage, byCampaign } = loaderData;
  const totals = days.reduce(
    (t, d) => ({
      views: t.views + d.views,
      visitors: t.visitors + d.visitors,
      enquiries: t.enquiries + d.enquiries,
      registrations: t.registrations + d.registrations,
    }),
    { views: 0, visitors: 0, enquiries: 0, registrations: 0 },
  );
  const rate =
    totals.visitors > 0 ? (((totals.enquiries + totals.registrations) / totals.visitors) * 100).toFixed(1) : "0.0";
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
        </li>
        <li className="fact">
          Unique visitors (summed per day)<p className="text-3xl font-bold">{totals.visitors}</p>
        </li>
        <li className="fact">
          Enquiries and registrations<p className="text-3xl font-bold">{totals.enquiries + totals.registrations}</p>
        </li>
        <li className="fact">
          Submissions per 100 visitors<p className="text-3xl font-bold">{rate}</p>
        </li>
      </ul>
      <DailyChart days={days} />
      <section aria-labelledby="conversion" className="space-y-3">
        <h2 id="conversion" className="text-xl font-bold">
          Which pages and campaigns bring students
        </h2>
        <p className="text-slate-700">
          An entry is a visitor's first page. Each enquiry and registration carries the page its student first landed on
          and the campaign of that link, so these rates are exact.
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
        <div className="desk-table-wrap mt-2">
          <table className="desk-table">
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Views</th>
                <th scope="col">Visitors</th>
                <th scope="col">Enquiries</th>
                <th scope="col">Registrations</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day}>
                  <td>{d.day}</td>
                  <td>{d.views}</td>
                  <td>{d.visitors}</td>
                  <td>{d.enquiries}</td>
                  <td>{d.registrations}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
