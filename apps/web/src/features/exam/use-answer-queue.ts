import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { prepareImage } from '../../lib/media/upload-image.ts';
import { registerUnsavedWork } from '../../lib/unsaved-work.ts';
import { AnswerQueue } from './answer-queue.ts';
import { EMPTY_QUEUE_STATE, type QueueNotice, type QueueState } from './queue-state.ts';
import { openQueueStorage, type QueueStorage } from './queue-storage.ts';
import type { QueueTransport } from './transport-contract.ts';

export type AnswerQueueOptions = {
  /** Whose queue: one student's photos never go into another's answers. */
  scope: string | null;
  transport: (storage: QueueStorage) => QueueTransport;
  onNotice?: (notice: QueueNotice) => void;
  /** Ask before the page is left with work the server does not have (the exam page; not the success page). */
  warnOnLeave?: boolean;
  /** A queue started now reads no answers until its first save (answer-queue.ts, `noAnswersYet`). */
  noAnswersYet?: boolean;
  /** A queue started now commits nothing before this instant (answer-queue.ts, `firstSaveAt`). */
  firstSaveAt?: number;
};

/** How long a queue no page shows any more keeps going (a navigation from the exam to its success page). */
const HANDOVER_MS = 5_000;

type Entry = { queue: Promise<AnswerQueue>; users: number; stopTimer: ReturnType<typeof setTimeout> | null };

/**
 * One queue per scope for the whole app, so the exam page hands its queue over to the success page
 * without stopping a delivery on its way (on a crawling link one photo may take minutes).
 */
const live = new Map<string, Entry>();

function acquire(scope: string, create: (storage: QueueStorage) => AnswerQueue): Promise<AnswerQueue> {
  const entry = live.get(scope);
  if (entry) {
    entry.users += 1;
    if (entry.stopTimer) clearTimeout(entry.stopTimer);
    entry.stopTimer = null;
    return entry.queue;
  }
  const queue = openQueueStorage().then((storage) => {
    const created = create(storage);
    void created.start();
    return created;
  });
  live.set(scope, { queue, users: 1, stopTimer: null });
  return queue;
}

function release(scope: string) {
  const entry = live.get(scope);
  if (!entry) return;
  entry.users -= 1;
  if (entry.users > 0) return;
  entry.stopTimer = setTimeout(() => {
    live.delete(scope);
    void entry.queue.then((queue) => queue.stop());
  }, HANDOVER_MS);
}

/**
 * The answer queue of one page: opened on the device's storage, started (what a previous visit left is
 * sent), retried when the connection returns, and (optionally) a warning before the page is left with
 * unsent work. Returns null until the storage has opened.
 */
export function useAnswerQueue({
  scope,
  transport,
  onNotice,
  warnOnLeave = true,
  noAnswersYet,
  firstSaveAt,
}: AnswerQueueOptions): {
  queue: AnswerQueue | null;
  state: QueueState;
} {
  const [queue, setQueue] = useState<AnswerQueue | null>(null);
  const transportRef = useRef(transport);
  transportRef.current = transport;
  const noticeRef = useRef(onNotice);
  noticeRef.current = onNotice;
  // Read when the queue is made (once per scope), not followed afterwards.
  const startRef = useRef({ noAnswersYet, firstSaveAt });
  startRef.current = { noAnswersYet, firstSaveAt };

  useEffect(() => {
    if (!scope) return;
    let active = true;
    void acquire(
      scope,
      (storage) =>
        new AnswerQueue({
          transport: transportRef.current(storage),
          storage,
          scope,
          prepare: (file) => prepareImage(file),
          ...startRef.current,
        }),
    ).then((acquired) => {
      if (!active) return;
      acquired.setNoticeHandler((notice) => noticeRef.current?.(notice));
      setQueue(acquired);
    });
    return () => {
      active = false;
      release(scope);
      setQueue(null);
    };
  }, [scope]);

  useEffect(() => {
    if (!queue) return;
    const online = () => queue.retryNow();
    const offline = () => queue.wentOffline();
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!queue.hasUnsavedWork()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    if (warnOnLeave) window.addEventListener('beforeunload', beforeUnload);
    const unregister = registerUnsavedWork(() => queue.hasUnsavedWork());
    return () => {
      unregister();
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      window.removeEventListener('beforeunload', beforeUnload);
    };
  }, [queue, warnOnLeave]);

  const state = useSyncExternalStore(
    queue?.subscribe ?? noSubscribe,
    queue?.getState ?? emptyState,
    emptyState,
  );
  return { queue, state };
}

const noSubscribe = () => () => {};
const emptyState = () => EMPTY_QUEUE_STATE;
