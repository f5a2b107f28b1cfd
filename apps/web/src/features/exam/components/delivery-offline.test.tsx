import 'fake-indexeddb/auto';
import type { Exam } from '@ngso/shared/schemas/exam';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../i18n/i18n.ts';
import { EMPTY_QUEUE_STATE, type QueueState } from '../queue-state.ts';
import { useDeliveryState } from '../use-delivery.ts';
import { answer, recorded } from './delivery-fixtures.ts';
import { DeliveryList } from './delivery-list.tsx';

/**
 * The success page's photo list with no connection (issue 39): the queue never read the server's answers,
 * so the list comes from what this device kept when it last had them, with the photos still on the device
 * from the queue's own records. Through the real hook and the exam queue's IndexedDB store.
 */
const exam: Exam = {
  category: 'junior',
  starts_at: '2025-01-14T10:00:00.000Z',
  ends_at: '2025-01-14T11:00:00.000Z',
  duration_minutes: 60,
  total_questions: 3,
  total_marks: 30,
  phase: 'AFTER_EXAM',
  submitted_at: '2025-01-14T10:50:00.000Z',
  delivery_ends_at: '2025-01-14T13:00:00.000Z',
  paper_from: '2025-01-14T09:45:00.000Z',
};

/** Online: the server's answers read; q2's second photo recorded, its bytes still on this device. */
const online: QueueState = {
  ...EMPTY_QUEUE_STATE,
  loaded: true,
  answers: {
    q1: answer('q1', [['a', 'stored']], '2025-01-14T10:40:00.000Z'),
    q2: answer(
      'q2',
      [
        ['b', 'stored'],
        ['c', 'pending'],
      ],
      '2025-01-14T10:40:00.000Z',
    ),
  },
  photos: [recorded('p1', 'q2', 'c')],
  sending: 1,
};
/** Reloaded with no connection: the queue has its own records only. */
const offline: QueueState = {
  ...EMPTY_QUEUE_STATE,
  photos: [recorded('p1', 'q2', 'c')],
  sending: 1,
  offline: true,
};

function SuccessList({ userId, state }: { userId: string; state: QueueState }) {
  const delivery = useDeliveryState(userId, exam, state);
  return <DeliveryList state={delivery} order={['q1', 'q2', 'q3']} />;
}

const rows = () => screen.getAllByTestId('delivery-row').map((row) => row.textContent);

afterEach(async () => {
  await applyLanguage('en');
});

describe("the success page's photo list with no connection", () => {
  it('lists every question as the server last had it, with the photos still on this device, in English and Bangla', async () => {
    const shown = render(<SuccessList userId="student-a" state={online} />);
    const expected = ['Question 11 photo stored', 'Question 21 photo stored · 1 photo still sending'];
    expect(rows()).toEqual(expected);
    // Kept on the device as the page shows it (written after the render).
    await new Promise((resolve) => setTimeout(resolve, 50));
    shown.unmount();

    const reloaded = render(<SuccessList userId="student-a" state={offline} />);
    await waitFor(() => expect(rows()).toEqual(expected));
    await applyLanguage('bn');
    reloaded.rerender(<SuccessList userId="student-a" state={offline} />);
    expect(rows()).toEqual(['প্রশ্ন ১১টি ছবি জমা হয়েছে', 'প্রশ্ন ২১টি ছবি জমা হয়েছে · ১টি ছবি এখনো পাঠানো হচ্ছে']);
  });

  it("shows only this device's own photos for a student whose answers it never had", async () => {
    render(<SuccessList userId="student-b" state={offline} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(rows()).toEqual(['Question 21 photo still sending']);
  });
});
