import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cardClasses } from '../console/card.ts';

/**
 * One chart of the dashboard: a heading, the picture (hidden from screen readers) and the same numbers as
 * a table. The table is always there for screen readers; "Show as table" shows it to everyone. With
 * nothing to draw yet, the note says so and there is neither picture nor table.
 */
export function ChartFigure({
  title,
  note,
  chart,
  table,
  empty = false,
  testId,
}: {
  title: string;
  note?: ReactNode;
  chart: ReactNode;
  table: ReactNode;
  /** Nothing to draw yet: no toggle, no table (the note or the chart's place says so). */
  empty?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('admin');
  const [showTable, setShowTable] = useState(false);
  const headingId = useId();
  const tableId = useId();
  return (
    <figure className={`${cardClasses} min-w-0`} aria-labelledby={headingId} data-testid={testId}>
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="font-semibold text-slate-900">
          {title}
        </h2>
        {empty ? null : (
          <button
            type="button"
            className="rounded-md px-2 py-1 text-sm font-semibold text-emerald-800 underline underline-offset-2 hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-emerald-700"
            aria-expanded={showTable}
            aria-controls={tableId}
            onClick={() => setShowTable((shown) => !shown)}
          >
            {showTable ? t('charts.hideTable') : t('charts.showTable')}
          </button>
        )}
      </div>
      {note ? <p className="mb-2 text-xs text-slate-600">{note}</p> : null}
      {/* The picture is for the eyes; an empty chart's words are for everyone. */}
      <div aria-hidden={empty ? undefined : true} className={showTable ? 'hidden' : 'w-full'}>
        {chart}
      </div>
      {empty ? null : showTable ? (
        // A wide table scrolls sideways on a phone: the region takes the focus, so keys scroll it too.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        <section id={tableId} className="overflow-x-auto" aria-labelledby={headingId} tabIndex={0}>
          {table}
        </section>
      ) : (
        <div id={tableId} className="sr-only">
          {table}
        </div>
      )}
    </figure>
  );
}

/** A plain table of a chart's numbers: a caption, column headings, a row heading per row. */
export function ChartTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: string[];
  rows: Array<{ key: string; head: ReactNode; cells: ReactNode[] }>;
}) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200">
          {columns.map((column, index) => (
            <th
              key={column}
              scope="col"
              className={`px-2 py-1 font-semibold text-slate-700 ${index > 0 ? 'text-right' : ''}`}
            >
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-b border-slate-100 last:border-0">
            <th scope="row" className="px-2 py-1 font-normal text-slate-800">
              {row.head}
            </th>
            {row.cells.map((cell, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
              <td key={index} className="px-2 py-1 text-right tabular-nums text-slate-900">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
