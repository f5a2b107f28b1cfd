import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSyncExternalStore } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../i18n/i18n.ts';
import type { PreparedImage } from '../../../lib/media/compress.ts';
import { AnswerQueue } from '../answer-queue.ts';
import { memoryStorage } from '../queue-storage.ts';
import { practiceTransport } from '../transport.ts';
import { UploadArea } from './upload-area.tsx';

// jsdom cannot decode images: the compression's verdict is given by the file's name (the measures
// themselves are tested on real images in lib/media/photo-quality.test.ts).
const prepare = async (file: File): Promise<PreparedImage> => ({
  file,
  problems: file.name.startsWith('dark')
    ? ['dark']
    : file.name.startsWith('shaky')
      ? ['blurred', 'small']
      : [],
});

/** The exam page's upload area on a real answer queue (the practice exam's, kept on the device). */
function Harness({ queue }: { queue: AnswerQueue }) {
  const state = useSyncExternalStore(queue.subscribe, queue.getState);
  return (
    <UploadArea
      count={queue.imageCount('q1')}
      onImages={(files) => void queue.addPhotos('q1', files)}
      onRejected={() => {}}
      checks={state.photos.filter((photo) => photo.questionId === 'q1' && photo.problems)}
      onRetake={(id) => queue.retakePhoto(id)}
      onKeep={(id) => queue.keepPhoto(id)}
    />
  );
}

async function setUp() {
  const storage = memoryStorage();
  const queue = new AnswerQueue({
    transport: practiceTransport(storage, 'practice'),
    storage,
    scope: 's',
    prepare,
  });
  await queue.start();
  render(<Harness queue={queue} />);
  return { queue, storage };
}

const image = (name: string) =>
  new File([new Uint8Array([1, 2, 3, name.length])], name, { type: 'image/jpeg' });
const committed = (queue: AnswerQueue) => queue.getState().answers.q1?.images.length ?? 0;

afterEach(async () => {
  await applyLanguage('en');
});

describe('the photo checks on the exam page', () => {
  it('announces what is wrong with a photo, records nothing, and Use anyway records it', async () => {
    const user = userEvent.setup();
    const { queue } = await setUp();
    await user.upload(screen.getByTestId('camera-input'), image('dark-page.jpg'));

    const warning = await screen.findByRole('alert', {
      name: 'dark-page.jpg may be hard for the graders to read:',
    });
    expect(warning).toHaveTextContent('It is too dark. Take it again in better light.');
    expect(warning).toHaveTextContent('Nothing is recorded until you choose.');
    expect(queue.getState().photos[0]).toMatchObject({ status: 'preparing', sha256: null });
    expect(committed(queue)).toBe(0);
    expect(queue.hasUnsavedWork()).toBe(true);

    // Reachable by keyboard: from the pickers, Tab reaches Retake, then Use anyway.
    screen.getByTestId('images-input').focus();
    await user.tab();
    expect(within(warning).getByRole('button', { name: 'Retake' })).toHaveFocus();
    await user.tab();
    expect(within(warning).getByRole('button', { name: 'Use anyway' })).toHaveFocus();
    await user.keyboard('{Enter}');

    await vi.waitFor(() => expect(committed(queue)).toBe(1));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('camera-input')).toHaveFocus();
    queue.stop();
  });

  it('Retake drops the photo, records nothing, and opens the picker the photo came from again', async () => {
    const user = userEvent.setup();
    const { queue, storage } = await setUp();
    const files = screen.getByTestId('images-input');
    const opened = vi.spyOn(files, 'click');
    await user.upload(files, image('shaky.jpg'));

    const warning = await screen.findByRole('alert');
    expect(
      within(warning)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'It is blurred. Hold the phone still and let it focus before you take it.',
      'It is too small. Take it with the camera, close enough for the page to fill the photo.',
    ]);
    await user.click(within(warning).getByRole('button', { name: 'Retake' }));

    expect(opened).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(queue.getState().photos).toEqual([]);
    expect(await queue.flush(1000)).toBe(true);
    expect(committed(queue)).toBe(0);
    expect([...storage.data.keys()].filter((key) => key.includes('photo'))).toEqual([]);
    queue.stop();
  });

  it('lets a good photo through with no warning', async () => {
    const user = userEvent.setup();
    const { queue } = await setUp();
    await user.upload(screen.getByTestId('camera-input'), image('page.jpg'));
    await vi.waitFor(() => expect(committed(queue)).toBe(1));
    expect(screen.queryByRole('alert')).toBeNull();
    queue.stop();
  });

  it('says it in Bangla', async () => {
    await applyLanguage('bn');
    const user = userEvent.setup();
    const { queue } = await setUp();
    await user.upload(screen.getByTestId('camera-input'), image('dark.jpg'));
    const warning = await screen.findByRole('alert', { name: 'dark.jpg পরীক্ষকদের পক্ষে পড়া কঠিন হতে পারে:' });
    expect(warning).toHaveTextContent('ছবিটি খুব অন্ধকার। আরও আলোতে আবার তুলুন।');
    expect(within(warning).getByRole('button', { name: 'আবার তুলুন' })).toBeVisible();
    expect(within(warning).getByRole('button', { name: 'তবুও ব্যবহার করুন' })).toBeVisible();
    await act(async () => queue.keepPhoto(queue.getState().photos[0]?.id ?? ''));
    queue.stop();
  });
});
