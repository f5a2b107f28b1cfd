// The dashboard's charts: loaded on their own (React.lazy in dashboard-page.tsx), so the chart library is
// downloaded by the console's dashboard only, never by the public pages.
import { DIVISION_CENTRES } from '@ngso/shared/division-centres';
import type { DashboardStats } from '@ngso/shared/schemas/dashboard';
import { AWARDS } from '@ngso/shared/schemas/results';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatInDhaka, formatNumber } from '../../../lib/dates.ts';
import { awardOfTotal, binTotals, type CategoryScores, cutoffLines, share } from './chart-data.ts';
import { ChartFigure, ChartTable } from './chart-figure.tsx';

const HEIGHT = 240;
const COLOURS = {
  pending: '#d97706',
  approved: '#047857',
  rejected: '#be123c',
  expected: '#94a3b8',
  matched: '#047857',
  photos: '#0369a1',
  submissions: '#7c3aed',
  graded: '#047857',
  remaining: '#cbd5e1',
  scores: '#0369a1',
  cutoff: '#92400e',
};
/** Charts are pictures here: no animation, and no keyboard layer (the tables are the accessible view). */
const still = { isAnimationActive: false } as const;
const axis = { tick: { fontSize: 12, fill: '#334155' }, stroke: '#94a3b8' } as const;
/** Legend texts in the body's colour (the series' own colours are too light for text). */
const legend = {
  wrapperStyle: { fontSize: 12 },
  formatter: (value: string) => <span style={{ color: '#334155' }}>{value}</span>,
} as const;
/** One bar does not fill the width. */
const BAR = 48;

type Label = (prefix: 'status' | 'category' | 'charts.award' | 'charts.method', key: string) => string;

function useLabels() {
  const { t, i18n } = useTranslation('admin');
  const label: Label = (prefix, key) =>
    // biome-ignore lint/suspicious/noExplicitAny: keys come from the server; unknown ones show as they are
    t(`${prefix}.${key}` as any, { defaultValue: key });
  return { t, label, n: (value: number) => formatNumber(value, i18n.language) };
}

function RegistrationsPerDay({ days }: { days: DashboardStats['registrations']['per_day'] }) {
  const { t, label, n } = useLabels();
  const statuses = ['pending', 'approved', 'rejected'] as const;
  const day = (date: string) => formatInDhaka(`${date}T12:00:00+06:00`, 'd MMM');
  return (
    <ChartFigure
      testId="chart-per-day"
      title={t('charts.perDay')}
      note={t('charts.perDayNote')}
      chart={
        days.length === 0 ? (
          <p className="text-sm text-slate-600">{t('charts.none')}</p>
        ) : (
          <ResponsiveContainer width="100%" height={HEIGHT}>
            <BarChart data={days} accessibilityLayer={false} margin={{ left: -20, right: 8 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="date" tickFormatter={day} {...axis} />
              <YAxis allowDecimals={false} {...axis} />
              <Tooltip labelFormatter={(value) => day(String(value))} />
              <Legend {...legend} />
              {statuses.map((status) => (
                <Bar
                  key={status}
                  dataKey={status}
                  name={label('status', status)}
                  stackId="day"
                  maxBarSize={BAR}
                  fill={COLOURS[status]}
                  {...still}
                />
              ))}
            </BarChart>
          </ResponsiveContainer>
        )
      }
      empty={days.length === 0}
      table={
        <ChartTable
          caption={t('charts.perDay')}
          columns={[t('charts.day'), ...statuses.map((status) => label('status', status)), t('charts.total')]}
          rows={days.map((row) => ({
            key: row.date,
            head: day(row.date),
            cells: [
              ...statuses.map((status) => n(row[status])),
              n(row.pending + row.approved + row.rejected),
            ],
          }))}
        />
      }
    />
  );
}

/** Degrees to the map's units: 100 per degree, north up (an equirectangular projection). */
const WEST = 88.3;
const NORTH = 26.4;
const project = (lat: number, lon: number) => ({ x: (lon - WEST) * 100, y: (NORTH - lat) * 100 });

function DivisionMap({ registrations }: { registrations: DashboardStats['registrations'] }) {
  const { t, n } = useLabels();
  const approved = registrations.approved_by_division;
  const largest = Math.max(0, ...Object.values(approved));
  return (
    <ChartFigure
      testId="chart-divisions"
      title={t('charts.divisions')}
      note={t('charts.divisionsNote')}
      chart={
        <div>
          <svg viewBox="0 0 400 450" className="mx-auto block h-auto w-full max-w-sm" role="presentation">
            {DIVISION_CENTRES.map((division) => {
              const { x, y } = project(division.lat, division.lon);
              const count = approved[division.name] ?? 0;
              const shade = share(count, largest);
              const dark = shade > 0.5;
              return (
                <g key={division.name}>
                  <circle
                    cx={x}
                    cy={y}
                    r={48}
                    fill={COLOURS.approved}
                    fillOpacity={0.08 + shade * 0.92}
                    stroke={COLOURS.approved}
                    strokeWidth={1.5}
                  />
                  <text
                    x={x}
                    y={y - 4}
                    textAnchor="middle"
                    fontSize={14}
                    fontWeight={600}
                    fill={dark ? '#ffffff' : '#0f172a'}
                  >
                    {division.name}
                  </text>
                  <text
                    x={x}
                    y={y + 16}
                    textAnchor="middle"
                    fontSize={15}
                    fill={dark ? '#ffffff' : '#0f172a'}
                  >
                    {n(count)}
                  </text>
                </g>
              );
            })}
          </svg>
          <div className="mt-2 flex items-center gap-2 text-xs text-slate-600">
            <span>{n(0)}</span>
            <span
              className="h-3 w-32 rounded"
              style={{ background: `linear-gradient(to right, ${COLOURS.approved}14, ${COLOURS.approved})` }}
            />
            <span>{n(largest)}</span>
          </div>
        </div>
      }
      table={
        <ChartTable
          caption={t('charts.divisions')}
          columns={[t('charts.division'), t('charts.registered'), t('charts.approvedEntrants')]}
          rows={DIVISION_CENTRES.map((division) => ({
            key: division.name,
            head: division.name,
            cells: [n(registrations.by_division[division.name] ?? 0), n(approved[division.name] ?? 0)],
          }))}
        />
      }
    />
  );
}

function Payments({ payments }: { payments: DashboardStats['payments'] }) {
  const { t, label, n } = useLabels();
  const taka = (value: number) => t('charts.taka', { amount: n(value) });
  const data = payments.by_method.map((row) => ({ ...row, name: label('charts.method', row.method) }));
  return (
    <ChartFigure
      testId="chart-payments"
      empty={data.length === 0}
      title={t('charts.payments')}
      note={t('charts.paymentsNote', { fee: n(payments.fee_bdt) })}
      chart={
        data.length === 0 ? (
          <p className="text-sm text-slate-600">{t('charts.none')}</p>
        ) : (
          <ResponsiveContainer width="100%" height={HEIGHT}>
            <BarChart data={data} accessibilityLayer={false} margin={{ left: 0, right: 8 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="name" {...axis} />
              <YAxis allowDecimals={false} tickFormatter={(value: number) => n(value)} {...axis} />
              <Tooltip formatter={(value) => taka(Number(value))} />
              <Legend {...legend} />
              <Bar
                dataKey="expected_bdt"
                name={t('charts.expected')}
                fill={COLOURS.expected}
                maxBarSize={BAR}
                {...still}
              />
              <Bar
                dataKey="matched_bdt"
                name={t('charts.matched')}
                fill={COLOURS.matched}
                maxBarSize={BAR}
                {...still}
              />
            </BarChart>
          </ResponsiveContainer>
        )
      }
      table={
        <ChartTable
          caption={t('charts.payments')}
          columns={[
            t('charts.method'),
            t('charts.registrations'),
            t('charts.expected'),
            t('charts.matchedCount'),
            t('charts.matched'),
          ]}
          rows={[
            ...data.map((row) => ({
              key: row.method,
              head: row.name,
              cells: [n(row.registrations), taka(row.expected_bdt), n(row.matched), taka(row.matched_bdt)],
            })),
            {
              key: 'total',
              head: t('charts.total'),
              cells: [
                n(payments.registrations),
                taka(payments.expected_bdt),
                n(payments.matched),
                taka(payments.matched_bdt),
              ],
            },
          ]}
        />
      }
    />
  );
}

function ExamActivity({ exam }: { exam: DashboardStats['exam'] }) {
  const { t, label, n } = useLabels();
  const time = (iso: string) => formatInDhaka(iso, 'HH:mm');
  const window = exam.window;
  const note = window
    ? t(window.open ? 'charts.windowOpen' : 'charts.windowClosed', {
        categories: window.categories.map((category) => label('category', category)).join(', '),
        from: formatInDhaka(window.starts_at, 'd MMM, HH:mm'),
        to: time(window.ends_at),
        minutes: String(exam.bucket_minutes),
      })
    : t('charts.noWindow');
  return (
    <ChartFigure
      testId="chart-activity"
      empty={exam.timeline.length === 0}
      title={t('charts.activity')}
      note={note}
      chart={
        exam.timeline.length === 0 ? null : (
          <ResponsiveContainer width="100%" height={HEIGHT}>
            <LineChart data={exam.timeline} accessibilityLayer={false} margin={{ left: -20, right: 8 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="at" tickFormatter={time} minTickGap={16} {...axis} />
              <YAxis allowDecimals={false} {...axis} />
              <Tooltip labelFormatter={(value) => time(String(value))} />
              <Legend {...legend} />
              <Line
                dataKey="photos"
                name={t('charts.photos')}
                stroke={COLOURS.photos}
                dot={false}
                {...still}
              />
              <Line
                dataKey="submissions"
                name={t('charts.submissions')}
                stroke={COLOURS.submissions}
                strokeDasharray="6 3"
                dot={false}
                {...still}
              />
            </LineChart>
          </ResponsiveContainer>
        )
      }
      table={
        <ChartTable
          caption={t('charts.activity')}
          columns={[t('charts.from'), t('charts.photos'), t('charts.submissions')]}
          rows={exam.timeline.map((row) => ({
            key: row.at,
            head: time(row.at),
            cells: [n(row.photos), n(row.submissions)],
          }))}
        />
      }
    />
  );
}

function Grading({ grading }: { grading: DashboardStats['grading'] }) {
  const { t, label, n } = useLabels();
  const data = Object.entries(grading).map(([category, progress]) => ({
    category,
    name: label('category', category),
    graded: progress.graded,
    remaining: progress.answers - progress.graded,
    answers: progress.answers,
  }));
  const percent = (graded: number, answers: number) =>
    `${n(answers ? Math.floor((graded / answers) * 100) : 0)}%`;
  return (
    <ChartFigure
      testId="chart-grading"
      empty={data.length === 0}
      title={t('dashboard.grading')}
      chart={
        data.length === 0 ? (
          <p className="text-sm text-slate-600">{t('charts.none')}</p>
        ) : (
          <ResponsiveContainer width="100%" height={Math.max(120, 60 * data.length + 40)}>
            <BarChart data={data} layout="vertical" accessibilityLayer={false} margin={{ left: 8, right: 8 }}>
              <CartesianGrid strokeDasharray="3 3" horizontal={false} />
              <XAxis type="number" allowDecimals={false} {...axis} />
              <YAxis type="category" dataKey="name" width={80} {...axis} />
              <Tooltip />
              <Legend {...legend} />
              <Bar dataKey="graded" name={t('charts.graded')} stackId="g" fill={COLOURS.graded} {...still} />
              <Bar
                dataKey="remaining"
                name={t('charts.notGraded')}
                stackId="g"
                fill={COLOURS.remaining}
                {...still}
              />
            </BarChart>
          </ResponsiveContainer>
        )
      }
      table={
        <ChartTable
          caption={t('dashboard.grading')}
          columns={[t('charts.category'), t('charts.answers'), t('charts.graded'), t('charts.share')]}
          rows={data.map((row) => ({
            key: row.category,
            head: row.name,
            cells: [n(row.answers), n(row.graded), percent(row.graded, row.answers)],
          }))}
        />
      }
    />
  );
}

function ScoreDistribution({ category, scores }: { category: string; scores: CategoryScores }) {
  const { t, label, n } = useLabels();
  const bins = binTotals(scores);
  const lines = cutoffLines(scores, bins);
  const cutoffText = AWARDS.filter((award) => scores.cutoffs[award] !== null)
    .map((award) =>
      t('charts.cutoff', { award: label('charts.award', award), total: String(scores.cutoffs[award]) }),
    )
    .join(' · ');
  return (
    <ChartFigure
      testId={`chart-scores-${category}`}
      empty={scores.participants === 0}
      title={t('charts.scores', { category: label('category', category) })}
      note={
        scores.participants === 0
          ? t('charts.noParticipants')
          : `${t('charts.participants', {
              people: String(scores.participants),
              marks: String(scores.max_marks),
            })}${cutoffText ? ` ${cutoffText}` : ''}`
      }
      chart={
        scores.participants === 0 ? null : (
          <ResponsiveContainer width="100%" height={HEIGHT}>
            <BarChart data={bins} accessibilityLayer={false} margin={{ left: -20, right: 8, top: 24 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" {...axis} />
              <YAxis allowDecimals={false} {...axis} />
              <Tooltip />
              <Bar dataKey="count" name={t('charts.participantsColumn')} fill={COLOURS.scores} {...still} />
              {lines.map((line) => (
                <ReferenceLine
                  key={line.label}
                  x={line.label}
                  stroke={COLOURS.cutoff}
                  strokeWidth={2}
                  strokeDasharray="4 2"
                  label={{
                    value: line.awards.map((award) => label('charts.award', award)).join(', '),
                    position: 'top',
                    fontSize: 11,
                    fill: COLOURS.cutoff,
                  }}
                />
              ))}
            </BarChart>
          </ResponsiveContainer>
        )
      }
      table={
        <ChartTable
          caption={t('charts.scores', { category: label('category', category) })}
          columns={[t('charts.totalMarks'), t('charts.participantsColumn'), t('charts.awardColumn')]}
          rows={[...scores.totals].reverse().map((row) => {
            const award = awardOfTotal(row.total, scores.cutoffs);
            return {
              key: String(row.total),
              head: n(row.total),
              cells: [n(row.count), award ? label('charts.award', award) : '—'],
            };
          })}
        />
      }
    />
  );
}

/** Every chart of the dashboard, from one response of GET /v1/admin/stats. */
export default function DashboardCharts({ data }: { data: DashboardStats }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ExamActivity exam={data.exam} />
      <RegistrationsPerDay days={data.registrations.per_day} />
      <DivisionMap registrations={data.registrations} />
      <Payments payments={data.payments} />
      <Grading grading={data.grading} />
      {Object.entries(data.scores).map(([category, scores]) => (
        <ScoreDistribution key={category} category={category} scores={scores} />
      ))}
    </div>
  );
}
