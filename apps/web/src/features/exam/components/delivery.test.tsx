import type { LatePhoto } from '@ngso/shared/schemas/exam';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../i18n/i18n.ts';
import { EMPTY_QUEUE_STATE, type QueueState } from '../queue-state.ts';
import { DeliveryBanner } from './delivery-banner.tsx';
import { answer, recorded, sha } from './delivery-fixtures.ts';
import { DeliveryList } from './delivery-list.tsx';

const late: LatePhoto = {
  question_id: 'q3',
  sha256: sha('f'),
  size: 10,
  url: '/api/v1/media/f',
  status: 'stored',
  taken_at: '2025-01-14T17:59:00+06:00',
  received_at: '2025-01-14T18:05:00+06:00',
  decision: 'pending',
};

/** After the end: q1 complete, q2 with two photos recorded in time still on their way, q3 a late photo. */
const afterTheEnd: QueueState = {
  ...EMPTY_QUEUE_STATE,
  loaded: true,
  answers: {
    q1: answer('q1', [['a', 'stored']]),
    q2: answer('q2', [
      ['b', 'stored'],
      ['c', 'pending'],
      ['d', 'pending'],
    ]),
  },
  photos: [recorded('p1', 'q2', 'c'), recorded('p2', 'q2', 'd')],
  latePhotos: [late],
  sending: 2,
};

afterEach(async () => {
  await applyLanguage('en');
});

describe('the delivery state after the end', () => {
  it('says plainly how many photos recorded in time are still sending, in English and Bangla', async () => {
    const { rerender } = render(<DeliveryBanner state={afterTheEnd} ended />);
    expect(screen.getByTestId('save-banner')).toHaveTextContent(
      '2 photos still sending. Keep this page open, or come back to it later: they were recorded in time.',
    );
    await applyLanguage('bn');
    rerender(<DeliveryBanner state={afterTheEnd} ended />);
    expect(screen.getByTestId('save-banner')).toHaveTextContent(
      '২টি ছবি এখনো পাঠানো হচ্ছে। পাতাটি খোলা রাখুন, অথবা পরে আবার এই পাতায় আসুন: ছবিগুলো সময়মতোই নথিভুক্ত হয়েছে।',
    );
  });

  it('during the exam, recorded photos are "still sending" without the after-the-end sentence; nothing left, no banner', () => {
    const { rerender } = render(<DeliveryBanner state={{ ...afterTheEnd, sending: 1 }} ended={false} />);
    expect(screen.getByTestId('save-banner')).toHaveTextContent('1 photo recorded, still sending...');
    rerender(<DeliveryBanner state={{ ...afterTheEnd, photos: [], sending: 0 }} ended />);
    expect(screen.queryByTestId('save-banner')).toBeNull();
  });

  it('lists each question by its number: stored, still sending, arrived late and to be reviewed', () => {
    render(<DeliveryList state={afterTheEnd} order={['q1', 'q2', 'q3', 'q4']} />);
    const rows = screen.getAllByTestId('delivery-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Question 11 photo stored',
      'Question 21 photo stored · 2 photos still sending',
      'Question 31 photo arrived late, will be reviewed',
    ]);
    expect(within(rows[1] as HTMLElement).getByText(/still sending/)).toHaveClass('text-amber-800');
    expect(screen.queryByTestId('delivery-complete')).toBeNull();
  });

  it("shows the organisers' decision on late photos; an accepted one is listed once, as late", () => {
    const decided: QueueState = {
      ...EMPTY_QUEUE_STATE,
      loaded: true,
      // Accepted: it has joined question 3's answer.
      answers: { q3: answer('q3', [['f', 'stored']]) },
      latePhotos: [
        { ...late, decision: 'accepted' },
        { ...late, question_id: 'q4', sha256: sha('9'), decision: 'rejected' },
      ],
    };
    render(<DeliveryList state={decided} order={['q1', 'q2', 'q3', 'q4']} />);
    expect(screen.getAllByTestId('delivery-row').map((row) => row.textContent)).toEqual([
      'Question 31 photo arrived late, accepted by the organisers',
      'Question 41 photo arrived late, not accepted',
    ]);
  });

  it('says when every photo has arrived', () => {
    const done: QueueState = {
      ...EMPTY_QUEUE_STATE,
      loaded: true,
      answers: { q1: answer('q1', [['a', 'stored']]) },
    };
    render(<DeliveryList state={done} order={['q1']} />);
    expect(screen.getByTestId('delivery-complete')).toHaveTextContent(
      'Every photo of your answers has arrived.',
    );
    expect(screen.queryByTestId('save-banner')).toBeNull();
  });
});
