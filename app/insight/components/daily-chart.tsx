export interface ChartDay {
  day: string;
  views: number;
  visitors: number;
}

/** Views as bars and unique visitors as a line, per day; drawn on the server as SVG. */
export function DailyChart({ days }: { days: ChartDay[] }) {
  const width = 960;
  const height = 240;
  const pad = { top: 12, right: 12, bottom: 28, left: 44 };
  const max = niceCeiling(Math.max(...days.map((d) => Math.max(d.views, d.visitors)), 0));
  const step = (width - pad.left - pad.right) / Math.max(1, days.length);
  const y = (value: number) => pad.top + (height - pad.top - pad.bottom) * (1 - value / max);
  const x = (index: number) => pad.left + step * index + step / 2;
  const totalViews = days.reduce((n, d) => n + d.views, 0);
  const totalVisitors = days.reduce((n, d) => n + d.visitors, 0);
  const line = days.map((d, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${y(d.visitors).toFixed(1)}`).join(" ");
  const labelEvery = Math.ceil(days.length / 10);
  return (
    <figure className="desk-form">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={`Page views and unique visitors per day from ${days[0]?.day ?? ""} to ${days.at(-1)?.day ?? ""}: ${totalViews} views, ${totalVisitors} visitor-days.`}
        className="h-auto w-full"
      >
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line x1={pad.left} x2={width - pad.right} y1={y(max * f)} y2={y(max * f)} stroke="#e2e8f0" />
            <text x={pad.left - 6} y={y(max * f) + 4} textAnchor="end" fontSize="11" fill="#475569">
              {Math.round(max * f)}
            </text>
          </g>
        ))}
        {days.map((d, i) => (
          <rect
            key={d.day}
            x={x(i) - step * 0.35}
            width={step * 0.7}
            y={y(d.views)}
            height={Math.max(0, height - pad.bottom - y(d.views))}
            fill="#9ad1d4"
          >
            <title>{`${d.day}: ${d.views} views, ${d.visitors} visitors`}</title>
          </rect>
        ))}
        <path d={line} fill="none" stroke="#b34700" strokeWidth="2" />
        {days.map((d, i) =>
          i % labelEvery === 0 ? (
            <text key={d.day} x={x(i)} y={height - 8} textAnchor="middle" fontSize="11" fill="#475569">
              {d.day.slice(5)}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption className="text-sm text-slate-700">
        <span className="mr-4">
          <span aria-hidden="true" className="mr-1 inline-block h-3 w-3 bg-[#9ad1d4]" />
          Page views
        </span>
        <span>
          <span aria-hidden="true" className="mr-1 inline-block h-0.5 w-4 bg-[#b34700] align-middle" />
          Unique visitors
        </span>
      </figcaption>
    </figure>
  );
}

/** The top of the scale: at least 2 and even, so the middle line is a whole number too (3 -> 4, 55 -> 60, 730 -> 800). */
function niceCeiling(value: number): number {
  if (value <= 2) return 2;
  const power = 10 ** Math.floor(Math.log10(value));
  const nice = [1, 2, 4, 6, 8, 10].map((m) => m * power).find((n) => n >= value) ?? 10 * power;
  return nice % 2 === 0 ? nice : nice * 2;
}
