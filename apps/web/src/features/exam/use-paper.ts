import type { Exam } from '@ngso/shared/schemas/exam';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { serverClock } from '../../lib/time-sync.ts';
import { canDecrypt, openPaperStorage, PaperLoader, type PaperState } from './paper.ts';
import { COMPETITION } from './transport.ts';

const OFF: PaperState = { phase: 'failed', questions: null };
const COMING: PaperState = { phase: 'idle', questions: null };
const noSubscribe = () => () => {};
const off = () => OFF;
const coming = () => COMING;

/**
 * The question paper of the countdown page (paper.ts): downloaded before the start, opened at the start.
 * Only for a page that saw the exam before its start; a page opened later, or a browser
 * without Web Crypto, gets `failed` and uses the ordinary calls.
 */
export function usePaper(exam: Exam | undefined): PaperState {
  // Decided once, when the exam is first known: a page that saw the start coming.
  const [active, setActive] = useState<boolean | null>(null);
  if (active === null && exam) setActive(exam.phase === 'BEFORE_EXAM' && canDecrypt());
  const [loader, setLoader] = useState<PaperLoader | null>(null);
  const enabled = active === true && exam !== undefined;
  const category = exam?.category;
  const startsAt = exam ? Date.parse(exam.starts_at) : Number.NaN;
  // The server's lead time (EXAM_PAPER_LEAD_MINUTES), as it says when the paper can be downloaded.
  const leadMs = exam ? startsAt - Date.parse(exam.paper_from) : Number.NaN;

  useEffect(() => {
    if (!enabled || !category || Number.isNaN(startsAt)) return;
    const created = new PaperLoader({
      competition: COMPETITION,
      category,
      startsAt,
      now: serverClock.now,
      storage: openPaperStorage(),
      ...(leadMs > 0 ? { leadMs } : {}),
    });
    setLoader(created);
    void created.start();
    const online = () => created.online();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      created.stop();
    };
  }, [enabled, category, startsAt, leadMs]);

  // Timers of a tab in the background lag: the page's every-second render catches up.
  useEffect(() => {
    loader?.poke();
  });

  const empty = enabled ? coming : off;
  return useSyncExternalStore(loader?.subscribe ?? noSubscribe, loader?.getState ?? empty, empty);
}
