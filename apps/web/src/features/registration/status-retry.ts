import { useCallback, useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { ThunkCapableDispatch } from '../../lib/dispatch.ts';
import { registrationApi } from './api.ts';
import { selectRegistration } from './slice.ts';

const FIRST_DELAY_MS = 2_000;
const LONGEST_DELAY_MS = 60_000;

/**
 * How long to wait before asking again after `failures` failed status calls in a row: about 2, 4, 8, 16,
 * 32 s, then about a minute each time. Spread by ±25% so that thousands of phones that lost the server in
 * the same minute (the one before the exam) do not all come back in the same second.
 */
export function retryDelayMs(failures: number, random: () => number = Math.random): number {
  const base = Math.min(LONGEST_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.75 + random() * 0.5));
}

/**
 * While the registration status call keeps failing, asks again on its own with back-off; returns the
 * function that asks at once (the Try again button).
 */
export function useStatusRetry(): () => void {
  const dispatch = useDispatch<ThunkCapableDispatch>();
  const { statusFailures, statusLoading } = useSelector(selectRegistration);
  const retry = useCallback(() => {
    void dispatch(
      registrationApi.endpoints.getRegistrationStatus.initiate(undefined, {
        forceRefetch: true,
        subscribe: false,
      }),
    );
  }, [dispatch]);
  useEffect(() => {
    if (statusFailures === 0 || statusLoading) return;
    const timer = window.setTimeout(retry, retryDelayMs(statusFailures));
    return () => window.clearTimeout(timer);
  }, [statusFailures, statusLoading, retry]);
  return retry;
}
