import { act, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../i18n/i18n.ts';
import { secondsLeft } from '../phase.ts';
import { announcementDue } from '../time-announcements.ts';
import { TimeAnnouncer } from './time-announcer.tsx';

/** The exam page's clock in small: now every second, the seconds left to `endsAt`. */
function Ticking({ endsAt }: { endsAt: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return <TimeAnnouncer secondsLeft={secondsLeft(now, endsAt)} />;
}

/** Runs the clock second by second for `seconds`, returning each new sentence the status region took. */
function spokenOver(seconds: number): string[] {
  const said: string[] = [];
  const status = screen.getByRole('status');
  let last = status.textContent ?? '';
  for (let i = 0; i < seconds; i++) {
    act(() => vi.advanceTimersByTime(1000));
    const text = status.textContent ?? '';
    if (text !== last) said.push(text);
    last = text;
  }
  return said;
}

beforeEach(() => {
  vi.useFakeTimers({ now: Date.parse('2025-01-14T18:00:00+06:00') });
});
afterEach(async () => {
  vi.useRealTimers();
  await applyLanguage('en');
});

describe('TimeAnnouncer', () => {
  it('says 30, 10, 5 and 1 minutes left and the end, politely, and nothing on the other seconds', async () => {
    await applyLanguage('en');
    render(<Ticking endsAt={Date.now() + 31 * 60_000} />);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('');
    expect(spokenOver(31 * 60 + 5)).toEqual([
      '30 minutes left',
      '10 minutes left',
      '5 minutes left',
      '1 minute left',
      'The time is up.',
    ]);
  }, 30_000);

  it('opened with less than a threshold left, says the nearest once, not the ones before it', async () => {
    await applyLanguage('en');
    render(<Ticking endsAt={Date.now() + 7 * 60_000 + 20_000} />);
    expect(screen.getByRole('status')).toHaveTextContent('Less than 10 minutes left');
    expect(spokenOver(3 * 60)).toEqual(['5 minutes left']);
  });

  it('speaks the page language, and says it again in the new one after a switch', async () => {
    await applyLanguage('bn');
    render(<Ticking endsAt={Date.now() + 61_000} />);
    expect(screen.getByRole('status')).toHaveTextContent('৫ মিনিটেরও কম সময় বাকি');
    expect(spokenOver(1)).toEqual(['আর ১ মিনিট বাকি']);
    await act(() => applyLanguage('en'));
    expect(screen.getByRole('status')).toHaveTextContent('1 minute left');
  });
});

describe('announcementDue', () => {
  it('is the nearest threshold passed since the last tick, exact only when it is that many seconds', () => {
    expect(announcementDue(null, 45 * 60)).toBeNull();
    expect(announcementDue(null, 30 * 60)).toEqual({ minutes: 30, exact: true });
    expect(announcementDue(null, 4 * 60)).toEqual({ minutes: 5, exact: false });
    expect(announcementDue(null, 0)).toEqual({ minutes: 0, exact: true });
    expect(announcementDue(601, 600)).toEqual({ minutes: 10, exact: true });
    expect(announcementDue(600, 599)).toBeNull();
    // A tab in the background woke up later: only the nearest of the thresholds it slept through.
    expect(announcementDue(11 * 60, 50)).toEqual({ minutes: 1, exact: false });
  });
});
