import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeXhr, sentRequest } from '../../../test/fake-xhr.ts';
import { stubApi } from '../../../test/fetch-stub.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { sha256Hex } from '../photo-hash.ts';
import type { StoredPhoto } from '../queue-records.ts';
import { indexedDbStorage } from '../queue-storage.ts';
import { ExamPhotosResume } from './exam-photos-resume.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ExamPhotosResume (the profile, a later visit)', () => {
  it('goes on delivering a photo recorded in time that this device still holds, and says so until it has arrived', async () => {
    const bytes = new Uint8Array([1, 2, 3, 4]).buffer;
    const sha256 = await sha256Hex(bytes);
    const photo: StoredPhoto = {
      id: 'p1',
      questionId: 'q1',
      name: 'page.jpg',
      type: 'image/jpeg',
      bytes,
      createdAt: 1,
      sha256,
      size: 4,
      takenAt: '2025-01-14T11:59:00.000Z',
      stage: 'deliver',
    };
    await indexedDbStorage().set('exam:u1:photo:p1', photo);
    stubApi({
      'GET /api/v1/ngso-1/answers': {
        body: {
          status: 'success',
          data: {
            data: [
              {
                question_id: 'q1',
                image_urls: [],
                images: [{ sha256, size: 4, url: null, status: 'pending' }],
                version: 1,
                saved_at: '2025-01-14T17:59:00+06:00',
              },
            ],
            late_photos: [],
          },
        },
      },
    });
    installFakeXhr();
    renderWithStore(<ExamPhotosResume userId="u1" />);

    expect(await screen.findByTestId('save-banner')).toHaveTextContent(
      '1 photo still sending. Keep this page open, or come back to it later: it was recorded in time.',
    );
    const put = await sentRequest();
    expect(put.method).toBe('PUT');
    expect(put.url).toMatch(new RegExp(`/api/v1/ngso-1/answer-photos/${sha256}$`));
    put.respond(200, {
      status: 'success',
      data: { sha256, size: 4, url: '/api/v1/media/m1', status: 'stored', late: false },
    });
    await waitFor(() => expect(screen.queryByTestId('exam-photos-resume')).toBeNull());
    expect(await indexedDbStorage().keys()).not.toContain('exam:u1:photo:p1');
  });

  it('shows nothing when this device holds nothing of the student', async () => {
    const api = stubApi({});
    renderWithStore(<ExamPhotosResume userId="u2" />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('exam-photos-resume')).toBeNull();
    expect(api.calls).toHaveLength(0);
  });
});
