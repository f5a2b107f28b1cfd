import { useCallback, useRef, useState } from 'react';
import type { Outcome } from '../../../components/ui/alert.tsx';
import { isCancelled } from '../../../lib/media/media-error.ts';

export type UploadNotice = Outcome;
export type UploadProgress = { label: string; percent: number };

/** What an upload flow is given: the signal that cancels it, and where to report its progress. */
export type UploadTask = { signal: AbortSignal; progress: (progress: UploadProgress) => void };

/**
 * One upload at a time, with its progress, cancel, and outcome (the e-book's images, PDF and thumbnail).
 * `run(work)`: `work` uploads and returns the notice of its success; a failure shows `reasonOf(error)`,
 * a cancel nothing; either way the progress ends and `onSettled` runs (the inputs are emptied, the
 * e-book read again).
 */
export function useUploadTask({
  onNotice,
  reasonOf,
  onSettled,
}: {
  onNotice: (notice: UploadNotice | null) => void;
  reasonOf: (error: unknown) => string;
  onSettled: () => void;
}) {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const controller = useRef<AbortController | null>(null);

  const run = useCallback(
    async (work: (task: UploadTask) => Promise<UploadNotice>) => {
      const abort = new AbortController();
      controller.current = abort;
      onNotice(null);
      try {
        onNotice(await work({ signal: abort.signal, progress: setProgress }));
      } catch (error) {
        if (!isCancelled(error)) onNotice({ tone: 'error', text: reasonOf(error) });
      } finally {
        setProgress(null);
        controller.current = null;
        onSettled();
      }
    },
    [onNotice, reasonOf, onSettled],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  return { progress, busy: progress !== null, run, cancel };
}
