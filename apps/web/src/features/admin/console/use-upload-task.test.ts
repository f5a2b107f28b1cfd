import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MediaError } from '../../../lib/media/media-error.ts';
import { type UploadNotice, type UploadProgress, useUploadTask } from './use-upload-task.ts';

function setUp() {
  const notices: (UploadNotice | null)[] = [];
  let settled = 0;
  const hook = renderHook(() =>
    useUploadTask({
      onNotice: (notice) => notices.push(notice),
      reasonOf: (error) => (error instanceof MediaError ? `refused: ${error.status}` : 'failed'),
      onSettled: () => {
        settled += 1;
      },
    }),
  );
  return { hook, notices, settled: () => settled };
}

describe('useUploadTask', () => {
  it('shows progress while it runs, then the success notice, and settles', async () => {
    const { hook, notices, settled } = setUp();
    let report: ((progress: UploadProgress) => void) | undefined;
    let finish: (() => void) | undefined;
    let running: Promise<void> | undefined;
    act(() => {
      running = hook.result.current.run(async ({ progress }) => {
        report = progress;
        await new Promise<void>((resolve) => {
          finish = resolve;
        });
        return { tone: 'success', text: 'Uploaded.' };
      });
    });
    act(() => report?.({ label: 'page-1.png', percent: 40 }));
    expect(hook.result.current.progress).toEqual({ label: 'page-1.png', percent: 40 });
    expect(hook.result.current.busy).toBe(true);
    await act(async () => {
      finish?.();
      await running;
    });
    expect(hook.result.current.busy).toBe(false);
    expect(notices).toEqual([null, { tone: 'success', text: 'Uploaded.' }]);
    expect(settled()).toBe(1);
  });

  it("shows a failure's reason, and nothing for a cancel", async () => {
    const { hook, notices, settled } = setUp();
    await act(() =>
      hook.result.current.run(async () => {
        throw new MediaError('http', { status: 413 });
      }),
    );
    await act(() =>
      hook.result.current.run(
        ({ signal }) =>
          new Promise<UploadNotice>((_, reject) => {
            signal.addEventListener('abort', () => reject(new MediaError('cancelled')));
            hook.result.current.cancel();
          }),
      ),
    );
    expect(notices).toEqual([null, { tone: 'error', text: 'refused: 413' }, null]);
    expect(settled()).toBe(2);
  });
});
