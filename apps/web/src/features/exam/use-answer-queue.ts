import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { prepareImage } from '../../lib/media/upload-image.ts';
import { registerUnsavedWork } from '../../lib/unsaved-work.ts';
import {
  AnswerQueue,
  type QueueNotice,
  type QueueState,
  type QueueStorage,
  type QueueTransport,
} from './answer-queue.ts';
import { openQueueStorage } from './queue-storage.ts';

const EMPTY: QueueState = {
  answers: {},
  loaded: false,
  photos: [],
  intents: {},
  waiting: 0,
  offline: false,
  error: null,
};

type Options = {
  /** Whose queue: one student's photos never go into another's answers. */
  scope: string | null;
  transport: (storage: QueueStorage) => QueueTransport;
  onNotice: (notice: QueueNotice) => void;
};

/**
 * The answer queue of one exam page: opened on the device's storage, started (what a previous visit
 * left is sent), retried when the connection returns, and a warning before the page is left with
 * unsaved work. Returns null until the storage has opened.
 */
export function useAnswerQueue({ scope, transport, onNotice }: Options): {
  queue: AnswerQueue | null;
  state: QueueState;
} {
  const [queue, setQueue] = useState<AnswerQueue | null>(null);
  const transportRef = useRef(transport);
  transportRef.current = transport;
  const noticeRef = useRef(onNotice);
  noticeRef.current = onNotice;

  useEffect(() => {
    if (!scope) return;
    let active = true;
    let created: AnswerQueue | null = null;
    void openQueueStorage().then((storage) => {
      if (!active) return;
      created = new AnswerQueue({
        transport: transportRef.current(storage),
        storage,
        scope,
        prepare: (file) => prepareImage(file),
        onNotice: (notice) => noticeRef.current(notice),
      });
      setQueue(created);
      void created.start();
    });
    return () => {
      active = false;
      created?.stop();
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
    window.addEventListener('beforeunload', beforeUnload);
    const unregister = registerUnsavedWork(() => queue.hasUnsavedWork());
    return () => {
      unregister();
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      window.removeEventListener('beforeunload', beforeUnload);
    };
  }, [queue]);

  const state = useSyncExternalStore(
    queue?.subscribe ?? noSubscribe,
    queue?.getState ?? emptyState,
    emptyState,
  );
  return { queue, state };
}

const noSubscribe = () => () => {};
const emptyState = () => EMPTY;
