// Charts of the desk drawn with HTML and CSS on the server: no script, no chart library, text
// at the page's own size at any width (an SVG scaled down to a phone shrinks its text too).
// Each chart says in words what it shows (role="img" with a label); its table stands beside it.

export interface Bar {
  key: string;
  label: string;
  value: number;
  /** Shown at the end of the bar, e.g. "1,234 (56.7%)". */
  text: string;
}

/** Horizontal bars, one per line with its label above: a funnel, a ranking. */
export function BarList({ bars, summary, caption }: { bars: Bar[]; summary: string; caption: string }) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <figure className="chart">
      <figcaption className="chart-caption">{caption}</figcaption>
      {/* A picture for assistive technology (its summary says every figure), so no list inside. */}
      <div className="chart-bars" role="img" aria-label={summary}>
        {bars.map((bar) => (
          <div key={bar.key} aria-hidden="true">
            <span className="chart-bar-label">{bar.label}</span>
            <span className="chart-bar-track">
              <span className="chart-bar" style={{ width: `${(bar.value / max) * 100}%` }} />
              <span className="chart-bar-text">{bar.text}</span>
            </span>
          </div>
        ))}
      </div>
    </figure>
  );
}

export interface Column {
  key: string;
  /** Under the column (only every few columns get theirs when there are many). */
  label: string;
  value: number;
  /** A second figure drawn as a mark on the column (e.g. the 90th percentile). */
  mark?: number | null;
  title: string;
}

/** Vertical columns over time, with a scale: per day, per week. */
export function ColumnChart({
  columns,
  summary,
  caption,
  format,
  legend,
}: {
  columns: Column[];
  summary: string;
  caption: string;
  format: (value: number) => string;
  legend: { bar: string; mark?: string };
}) {
  const max = niceCeiling(Math.max(0, ...columns.map((column) => Math.max(column.value, column.mark ?? 0))));
  const labelEvery = Math.max(1, Math.ceil(columns.length / 6));
  const height = (value: number) => `${Math.min(100, (value / max) * 100)}%`;
  return (
    <figure className="chart">
      <figcaption className="chart-caption">{caption}</figcaption>
      <div className="chart-plot" role="img" aria-label={summary}>
        <div className="chart-scale" aria-hidden="true">
          <span>{format(max)}</span>
          <span>{format(max / 2)}</span>
          <span>{format(0)}</span>
        </div>
        <div className="chart-columns" aria-hidden="true">
          {columns.map((column) => (
            <div key={column.key} className="chart-column" title={column.title}>
              <span className="chart-column-bar" style={{ height: height(column.value) }} />
              {column.mark !== undefined && column.mark !== null ? (
                <span className="chart-column-mark" style={{ bottom: height(column.mark) }} />
              ) : null}
            </div>
          ))}
        </div>
        <div className="chart-axis" aria-hidden="true">
          {columns.map((column, index) => (
            <span key={column.key}>{index % labelEvery === 0 ? column.label : ""}</span>
          ))}
        </div>
      </div>
      <p className="chart-legend" aria-hidden="true">
        <span>
          <span className="chart-key chart-key-bar" />
          {legend.bar}
        </span>
        {legend.mark ? (
          <span>
            <span className="chart-key chart-key-mark" />
            {legend.mark}
          </span>
        ) : null}
      </p>
    </figure>
  );
}

/** The top of a scale: a round number at least `value` (3 -> 4, 55 -> 60, 730 -> 800), and at least 2. */
export function niceCeiling(value: number): number {
  if (value <= 2) return 2;
  const power = 10 ** Math.floor(Math.log10(value));
  const nice = [1, 2, 4, 6, 8, 10].map((m) => m * power).find((n) => n >= value) ?? 10 * power;
  return nice % 2 === 0 ? nice : nice * 2;
}
