// A table of figures on the desk: a caption, what the rows count, a label column, then numbers.
// Every cell carries its column's name, which a phone shows beside the value (desk.css).
import type { ReactNode } from "react";

export interface FigureColumn {
  header: string;
  numeric?: boolean;
}

export function FigureTable({
  caption,
  note,
  columns,
  rows,
  download,
  empty = "None in this period.",
}: {
  caption: string;
  note?: string;
  columns: FigureColumn[];
  rows: { key: string; cells: ReactNode[] }[];
  /** Where this table is as CSV. */
  download?: string;
  empty?: string;
}) {
  return (
    <div className="desk-table-wrap">
      <table className="desk-table">
        <caption className="p-2 text-left">
          <span className="font-bold">{caption}</span>
          {download ? (
            <a className="desk-csv ml-3 text-sm font-normal underline" href={download}>
              CSV<span className="sr-only"> of {caption.toLowerCase()}</span>
            </a>
          ) : null}
          {note ? <span className="block text-sm font-normal text-slate-700">{note}</span> : null}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.numeric ? "numeric" : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length}>{empty}</td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.key}>
                {row.cells.map((cell, index) => (
                  <td
                    key={columns[index]?.header ?? index}
                    data-label={columns[index]?.header}
                    className={columns[index]?.numeric ? "numeric" : undefined}
                  >
                    {cell}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
