import { hasChanges, type StoredIntent, withPhotoListed } from './answer-intents.ts';
import { openQueueStorage, type QueueStorage } from './queue-storage.ts';

/**
 * What the answer queue keeps on the device for one scope (one student's exam, or one practice run): each
 * photo until the server has its bytes, and each question's unconfirmed changes. A reload, a closed tab or a
 * phone restart goes on from here.
 */

/**
 * Where a photo on the device is: `commit` (its hash is being committed), `deliver` (committed: its bytes
 * are being sent), `late` (it could not be committed in time: being announced as late), `lateDeliver`
 * (announced: its bytes are being sent).
 */
export type PhotoStage = 'commit' | 'deliver' | 'late' | 'lateDeliver';

/** A photo kept on the device until the server has its bytes: the compressed bytes, not a Blob (older browsers). */
export type StoredPhoto = {
  id: string;
  questionId: string;
  name: string;
  type: string;
  bytes: ArrayBuffer;
  createdAt: number;
  sha256: string;
  size: number;
  /** The phone's clock when the photo was added (a late photo carries it). */
  takenAt: string;
  stage: PhotoStage;
};

const photoPrefix = (scope: string) => `${scope}:photo:`;
const intentPrefix = (scope: string) => `${scope}:intent:`;

/** Whether a previous visit left photos or changes of `scope` on this device (without starting a queue). */
export async function hasQueuedWork(scope: string): Promise<boolean> {
  const storage = await openQueueStorage();
  const keys = await storage.keys();
  return keys.some((key) => key.startsWith(photoPrefix(scope)) || key.startsWith(intentPrefix(scope)));
}

export type QueueRecords = {
  /** Everything a previous visit left, photos oldest first. */
  load: () => Promise<{ intents: Record<string, StoredIntent>; photos: StoredPhoto[] }>;
  putPhoto: (photo: StoredPhoto) => Promise<void>;
  deletePhoto: (id: string) => Promise<void>;
  /** Keeps a question's changes, or deletes them once there are none. */
  putIntent: (intent: StoredIntent) => Promise<void>;
};

export function queueRecords(
  storage: QueueStorage,
  scope: string,
  hash: (bytes: ArrayBuffer) => Promise<string>,
): QueueRecords {
  const photoKey = (id: string) => `${photoPrefix(scope)}${id}`;
  const intentKey = (questionId: string) => `${intentPrefix(scope)}${questionId}`;
  const putIntent = async (intent: StoredIntent) => {
    if (hasChanges(intent)) await storage.set(intentKey(intent.questionId), intent);
    else await storage.del(intentKey(intent.questionId));
  };

  const loadIntents = async (keys: string[]) => {
    const intents: Record<string, StoredIntent> = {};
    for (const key of keys) {
      if (!key.startsWith(intentPrefix(scope))) continue;
      const intent = await storage.get<StoredIntent>(key);
      if (!intent) continue;
      // Only photos named by their hash (an older version of the page queued addresses).
      const add = intent.add.filter(
        (entry) => typeof entry === 'object' && entry !== null && 'sha256' in entry,
      );
      intents[intent.questionId] = { ...intent, add };
    }
    return intents;
  };

  /** A photo queued by an older version of the page (upload first): named and set to be committed now. */
  const upgrade = async (key: string, old: StoredPhoto, intents: Record<string, StoredIntent>) => {
    const sha256 = await hash(old.bytes);
    const photo: StoredPhoto = {
      ...old,
      sha256,
      size: old.bytes.byteLength,
      takenAt: new Date(old.createdAt).toISOString(),
      stage: 'commit',
    };
    await storage.set(key, photo);
    const intent = intents[photo.questionId] ?? { questionId: photo.questionId, add: [], remove: [] };
    const listed = withPhotoListed(intent, { sha256, size: photo.size });
    if (listed !== intent) {
      intents[photo.questionId] = listed;
      await storage.set(intentKey(photo.questionId), listed);
    }
    return photo;
  };

  return {
    load: async () => {
      const keys = await storage.keys();
      const intents = await loadIntents(keys);
      const photos: StoredPhoto[] = [];
      for (const key of keys) {
        if (!key.startsWith(photoPrefix(scope))) continue;
        const photo = await storage.get<StoredPhoto>(key);
        if (!photo) continue;
        photos.push(photo.sha256 && photo.stage ? photo : await upgrade(key, photo, intents));
      }
      photos.sort((a, b) => a.createdAt - b.createdAt);
      return { intents, photos };
    },
    putPhoto: (photo) => storage.set(photoKey(photo.id), photo),
    deletePhoto: (id) => storage.del(photoKey(id)),
    putIntent,
  };
}
