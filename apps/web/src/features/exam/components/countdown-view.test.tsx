import type { Exam } from '@ngso/shared/schemas/exam';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../i18n/i18n.ts';
import { CountdownView } from './countdown-view.tsx';

const exam: Exam = {
  category: 'junior',
  starts_at: '2025-01-14T17:00:00+06:00',
  ends_at: '2025-01-14T19:00:00+06:00',
  duration_minutes: 120,
  total_questions: 6,
  total_marks: 60,
  phase: 'BEFORE_EXAM',
  submitted_at: null,
  delivery_ends_at: '2025-01-14T20:00:00+06:00',
  paper_from: '2025-01-14T16:45:00+06:00',
};
const now = Date.parse(exam.starts_at) - 5 * 60_000;

afterEach(async () => {
  await applyLanguage('en');
});

describe('CountdownView: the question paper', () => {
  it('tells the student, politely and only when true, where the paper stands', async () => {
    await applyLanguage('en');
    const view = (paper: 'idle' | 'ready' | 'waiting') => (
      <MemoryRouter>
        <CountdownView exam={exam} now={now} phase="BEFORE_EXAM" paper={paper} />
      </MemoryRouter>
    );
    const { rerender } = render(view('idle'));
    const status = screen.getByTestId('paper-status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('');

    rerender(view('ready'));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Question paper downloaded to this device. It opens at the start.',
    );
    rerender(view('waiting'));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Waiting for the connection: the question paper opens as soon as it is back.',
    );

    await applyLanguage('bn');
    rerender(view('ready'));
    expect(screen.getByRole('status')).toHaveTextContent(
      'প্রশ্নপত্র এই ডিভাইসে ডাউনলোড হয়েছে। পরীক্ষা শুরু হলে এটি খুলবে।',
    );
  });

  it('says nothing about a paper where the page does not download one', () => {
    render(
      <MemoryRouter>
        <CountdownView exam={exam} now={now} phase="BEFORE_EXAM" />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('paper-status')).not.toBeInTheDocument();
  });
});
