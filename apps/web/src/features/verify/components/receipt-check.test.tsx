import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../i18n/i18n.ts';
import { stubApi } from '../../../test/fetch-stub.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { ReceiptCheck } from './receipt-check.tsx';

const proof = {
  competition: 'ngso-1',
  competition_name: 'National General Science Olympiad 2025',
  roll_number: 'J-0042',
  question_number: 3,
  question_id: 'q3',
  sha256: 'a'.repeat(64),
  size: 123456,
  committed_at: '2025-01-14T17:59:30+06:00',
  key_id: '0123456789abcdef',
  code: 'K7QF-2MXA',
};

afterEach(async () => {
  await applyLanguage('en');
});

describe('ReceiptCheck', () => {
  it('shows what a genuine receipt proves, in Bangla with Bangla digits and Dhaka time', async () => {
    await applyLanguage('bn');
    const api = stubApi({ 'POST /api/v1/receipts/verify': { body: { status: 'success', data: proof } } });
    renderWithStore(<ReceiptCheck />);
    fireEvent.change(await screen.findByLabelText('রসিদ'), { target: { value: ' v1.payload.sig ' } });
    fireEvent.click(screen.getByRole('button', { name: 'যাচাই করুন' }));
    expect(await screen.findByTestId('receipt-genuine')).toHaveTextContent(
      'এই রসিদটি আসল: অলিম্পিয়াডের সার্ভার এতে স্বাক্ষর করেছে।',
    );
    expect(screen.getByTestId('receipt-question')).toHaveTextContent('৩');
    expect(screen.getByTestId('receipt-size')).toHaveTextContent('১,২৩,৪৫৬ বাইট');
    expect(screen.getByTestId('receipt-time')).toHaveTextContent('৫:৫৯:৩০');
    expect(screen.getByTestId('receipt-competition')).toHaveTextContent(
      'National General Science Olympiad 2025',
    );
    expect(await api.calls[0]?.json()).toEqual({ receipt: 'v1.payload.sig' });
  });

  it("shows the server's reason for a refused receipt, and a sentence of its own when the check could not be made", async () => {
    const message =
      'This receipt is not genuine: its signature does not match what it says. It was changed, or it was not issued by this olympiad.';
    let reply: { status: number; body: unknown } = { status: 422, body: { status: 'error', message } };
    stubApi({ 'POST /api/v1/receipts/verify': () => reply });
    renderWithStore(<ReceiptCheck />);
    fireEvent.change(await screen.findByLabelText('Receipt'), { target: { value: 'v1.changed.sig' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByTestId('receipt-refused')).toHaveTextContent(message);
    expect(screen.queryByTestId('receipt-genuine')).toBeNull();

    reply = { status: 503, body: {} };
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(
      await screen.findByText(
        'The receipt could not be checked. Please check your connection and try again.',
      ),
    ).toBeVisible();
  });
});
