import type { DashboardStats } from '@ngso/shared/schemas/dashboard';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubApi, testUser } from '../../../test/fetch-stub.ts';
import { renderWithStore, signedInAuth } from '../../../test/render.tsx';
import { binTotals, cutoffLines } from './chart-data.ts';
import { DashboardPage } from './dashboard-page.tsx';

const admin = { ...testUser, id: 'a1', role: 'admin' as const };

const junior = {
  max_marks: 60,
  participants: 5,
  totals: [
    { total: 0, count: 1 },
    { total: 3, count: 1 },
    { total: 8, count: 2 },
    { total: 10, count: 1 },
  ],
  cutoffs: { gold: 10, silver: 8, bronze: null, prize: 3 },
};

const stats: DashboardStats = {
  registrations: {
    by_status: { pending: 2, approved: 5, rejected: 1 },
    by_category: { junior: 6, senior: 2 },
    by_division: { Dhaka: 6, Rajshahi: 1, Sylhet: 1 },
    approved_by_division: { Dhaka: 4, Rajshahi: 1 },
    per_day: [
      { date: '2025-01-01', pending: 0, approved: 2, rejected: 1 },
      { date: '2025-01-02', pending: 2, approved: 0, rejected: 0 },
    ],
  },
  payments: {
    fee_bdt: 299,
    registrations: 7,
    expected_bdt: 2093,
    matched: 1,
    matched_bdt: 299,
    by_method: [
      { method: 'bkash', registrations: 1, expected_bdt: 299, matched: 1, matched_bdt: 299 },
      { method: 'nagad', registrations: 6, expected_bdt: 1794, matched: 0, matched_bdt: 0 },
    ],
  },
  exam: {
    answered: 3,
    submitted: 3,
    active_last_minute: 1,
    window: {
      categories: ['junior'],
      starts_at: '2025-01-14T17:00:00+06:00',
      ends_at: '2025-01-14T18:00:00+06:00',
      open: false,
    },
    bucket_minutes: 2,
    timeline: [
      { at: '2025-01-14T17:00:00+06:00', photos: 0, submissions: 0 },
      { at: '2025-01-14T17:02:00+06:00', photos: 2, submissions: 1 },
    ],
  },
  grading: { junior: { answers: 4, graded: 3 } },
  scores: { junior },
};

/** The rows of a figure's table, each as its cells' text. */
const rowsOf = (figure: HTMLElement) =>
  within(within(figure).getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('DashboardPage charts', () => {
  it('gives every chart a heading and a table of its numbers, shown with a keyboard toggle', async () => {
    // jsdom measures nothing; the charts only need the observer to exist.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    stubApi({ 'GET /api/v1/admin/stats': { body: { status: 'success', data: stats } } });
    renderWithStore(<DashboardPage />, { auth: { ...signedInAuth, user: admin } });

    const payments = await screen.findByRole('figure', { name: 'Money expected and matched' });
    expect(rowsOf(payments)).toEqual([
      ['bKash', '1', '299 Taka', '1', '299 Taka'],
      ['Nagad', '6', '1,794 Taka', '0', '0 Taka'],
      ['Total', '7', '2,093 Taka', '1', '299 Taka'],
    ]);
    expect(rowsOf(screen.getByRole('figure', { name: 'Registrations per day' }))).toEqual([
      ['1 Jan', '0', '2', '1', '3'],
      ['2 Jan', '2', '0', '0', '2'],
    ]);
    const map = screen.getByRole('figure', { name: 'Approved entrants by division' });
    expect(rowsOf(map)).toContainEqual(['Dhaka', '6', '4']);
    expect(rowsOf(map)).toContainEqual(['Sylhet', '1', '0']);
    expect(rowsOf(map)).toHaveLength(8);
    expect(rowsOf(screen.getByRole('figure', { name: 'Exam activity during the window' }))).toEqual([
      ['17:00', '0', '0'],
      ['17:02', '2', '1'],
    ]);
    expect(rowsOf(screen.getByRole('figure', { name: 'Grading progress' }))).toEqual([
      ['Junior', '4', '3', '75%'],
    ]);
    const scores = screen.getByRole('figure', { name: 'Scores: Junior' });
    expect(scores).toHaveTextContent(
      '5 participants, out of 60 marks. Gold from 10 · Silver from 8 · Prize from 3',
    );
    expect(rowsOf(scores)).toEqual([
      ['10', '1', 'Gold'],
      ['8', '2', 'Silver'],
      ['3', '1', 'Prize'],
      ['0', '1', '—'],
    ]);

    // The table is there for screen readers all along; the toggle shows it to everyone, by keyboard too.
    const toggle = within(scores).getByRole('button', { name: 'Show as table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(scores).getByRole('table').parentElement).toHaveClass('sr-only');
    toggle.focus();
    await userEvent.setup().keyboard('{Enter}');
    expect(within(scores).getByRole('button', { name: 'Show as chart' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    // Shown, a wide table scrolls sideways: its region takes the keyboard's focus.
    const shown = within(scores).getByRole('table').parentElement;
    expect(shown).not.toHaveClass('sr-only');
    expect(shown).toHaveAttribute('tabindex', '0');
    // No window is open: the page says it refreshes only while one is.
    expect(screen.getByText('Refreshed every 15 seconds while an exam window is open.')).toBeInTheDocument();
  });
});

describe('score bins and cut-off lines', () => {
  it('bins totals in at most 20 bins of equal width up to the marks, and groups cut-offs by bin', () => {
    const bins = binTotals(junior);
    // 61 possible totals (0 to 60) in bins of 4: 16 bins, the last one holding 60 alone.
    expect(bins).toHaveLength(16);
    expect(bins[0]).toEqual({ from: 0, to: 3, label: '0–3', count: 2 });
    expect(bins[2]).toEqual({ from: 8, to: 11, label: '8–11', count: 3 });
    expect(bins.at(-1)).toEqual({ from: 60, to: 60, label: '60', count: 0 });
    expect(cutoffLines(junior, bins)).toEqual([
      { label: '8–11', awards: ['gold', 'silver'] },
      { label: '0–3', awards: ['prize'] },
    ]);
    const small = binTotals({ ...junior, max_marks: 10 });
    expect(small.map((bin) => bin.label)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
  });
});

describe('DashboardPage before anything happened', () => {
  it('says there is nothing to show, to screen readers too, with no empty tables', async () => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    const empty: DashboardStats = {
      ...stats,
      registrations: { ...stats.registrations, per_day: [] },
      exam: { ...stats.exam, window: null, timeline: [] },
      grading: {},
      scores: { junior: { max_marks: 60, participants: 0, totals: [], cutoffs: junior.cutoffs } },
    };
    stubApi({ 'GET /api/v1/admin/stats': { body: { status: 'success', data: empty } } });
    renderWithStore(<DashboardPage />, { auth: { ...signedInAuth, user: admin } });
    const perDay = await screen.findByRole('figure', { name: 'Registrations per day' });
    expect(within(perDay).getByText('Nothing to show yet.')).toBeVisible();
    expect(within(perDay).queryByRole('table')).toBeNull();
    expect(within(perDay).queryByRole('button')).toBeNull();
    const activity = screen.getByRole('figure', { name: 'Exam activity during the window' });
    expect(activity).toHaveTextContent('No exam window has started yet.');
    expect(within(activity).queryByRole('table')).toBeNull();
    expect(screen.getByRole('figure', { name: 'Scores: Junior' })).toHaveTextContent(
      'Nobody has sat this exam yet.',
    );
    // The map always has its eight divisions.
    const map = screen.getByRole('figure', { name: 'Approved entrants by division' });
    expect(within(map).getAllByRole('row')).toHaveLength(9);
  });
});
