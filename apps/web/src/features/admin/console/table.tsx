import type { ReactNode } from 'react';

/** The console's tables: their classes, and a heading row whose columns show from a screen width on. */

export const tableClasses = 'min-w-full divide-y divide-slate-200 text-left text-sm';
export const thClasses = 'px-3 py-2 font-semibold text-slate-700 whitespace-nowrap';

/** Classes of a cell shown only from a screen width on (Tailwind needs them written out whole). */
export const shownFrom = {
  sm: 'hidden sm:table-cell',
  md: 'hidden md:table-cell',
  lg: 'hidden lg:table-cell',
  xl: 'hidden xl:table-cell',
} as const;

/** A console table's column heading, shown on every screen or only from a width on (`from`). */
export type Column = { label: ReactNode; from?: keyof typeof shownFrom };

/** The heading row of a console table. */
export function ColumnHeaders({ columns }: { columns: Column[] }) {
  return (
    <thead className="bg-slate-50">
      <tr>
        {columns.map((column, index) => (
          <th
            // biome-ignore lint/suspicious/noArrayIndexKey: a table's columns are fixed; their order is their identity
            key={index}
            scope="col"
            className={column.from ? `${thClasses} ${shownFrom[column.from]}` : thClasses}
          >
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
export const tdClasses = 'px-3 py-2 align-top text-slate-800';

/** The one row of a console table with nothing to list, saying so across every column. */
export function TableEmptyRow({ span, children }: { span: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={span} className={`${tdClasses} py-6 text-center text-slate-600`}>
        {children}
      </td>
    </tr>
  );
}

/** A console table: a caption for screen readers (if it has one), the heading row, the rows. */
export function HeadedTable({
  caption,
  columns,
  testId,
  children,
}: {
  caption?: ReactNode;
  columns: Column[];
  testId?: string;
  children: ReactNode;
}) {
  return (
    <table className={tableClasses} data-testid={testId}>
      {caption ? <caption className="sr-only">{caption}</caption> : null}
      <ColumnHeaders columns={columns} />
      <tbody className="divide-y divide-slate-100">{children}</tbody>
    </table>
  );
}

/** A console table in its scrolling frame: a caption for screen readers, the heading row, the rows. */
export function ConsoleTable({
  caption,
  columns,
  testId,
  frameClassName = '',
  children,
}: {
  caption: ReactNode;
  columns: Column[];
  testId?: string;
  /** Added to the frame's classes (a margin, say). */
  frameClassName?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={`relative overflow-x-auto rounded-xl border border-slate-200 bg-white ${frameClassName}`.trim()}
    >
      <HeadedTable caption={caption} columns={columns} testId={testId}>
        {children}
      </HeadedTable>
    </div>
  );
}
