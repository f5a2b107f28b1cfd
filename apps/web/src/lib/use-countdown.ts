import { useEffect, useState } from 'react';

const secondsUntil = (deadline: number | null) =>
  deadline === null ? 0 : Math.max(0, Math.ceil((deadline - Date.now()) / 1000));

/**
 * Whole seconds left until `deadline` (a Date.now() timestamp), ticking every second. Counting
 * against the clock keeps it right when a phone puts the tab to sleep. Worked out as the component
 * renders, so a new deadline shows in the same render that sets it (not one render later, at 0).
 */
export function useCountdown(deadline: number | null): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (deadline === null) return;
    const timer = setInterval(() => {
      setTick((tick) => tick + 1);
      if (secondsUntil(deadline) === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return secondsUntil(deadline);
}
