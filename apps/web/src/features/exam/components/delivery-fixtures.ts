// The success page's photo list in tests: a saved answer and a photo recorded on the device, made the same way
// by the list's online and offline tests.
import type { PendingPhoto } from '../queue-state.ts';
import type { SavedAnswer } from '../transport-contract.ts';

export const sha = (c: string) => c.repeat(64);

/** A question's answer as the server keeps it: each photo's hash made of `c`, stored or still arriving. */
export const answer = (
  q: string,
  images: [string, 'pending' | 'stored'][],
  savedAt = '2025-01-14T18:00:00+06:00',
): SavedAnswer => ({
  question_id: q,
  image_urls: [],
  images: images.map(([c, status]) => ({
    sha256: sha(c),
    size: 10,
    url: status === 'stored' ? `/api/v1/media/${c}` : null,
    status,
  })),
  version: 1,
  saved_at: savedAt,
});

/** A photo committed from this device whose bytes are still on it. */
export const recorded = (id: string, q: string, c: string): PendingPhoto => ({
  id,
  questionId: q,
  name: `${id}.jpg`,
  sha256: sha(c),
  status: 'recorded',
  progress: null,
  previewUrl: null,
});
