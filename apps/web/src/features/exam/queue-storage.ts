import { createStore, del, get, keys, set } from 'idb-keyval';

/** Key-value storage that survives a reload (IndexedDB in the app; a Map in tests). */
export type QueueStorage = {
  get: <T>(key: string) => Promise<T | undefined>;
  set: (key: string, value: unknown) => Promise<void>;
  del: (key: string) => Promise<void>;
  keys: () => Promise<string[]>;
};

/**
 * The exam queue's storage on the device: an IndexedDB database of its own (idb-keyval), which
 * survives a reload, a closed tab and a phone restart. Opened on first use.
 */
export function indexedDbStorage(databaseName = 'ngso-exam', storeName = 'queue'): QueueStorage {
  let store: ReturnType<typeof createStore> | null = null;
  const db = () => {
    store ??= createStore(databaseName, storeName);
    return store;
  };
  return {
    get: <T>(key: string) => get<T>(key, db()),
    set: (key, value) => set(key, value, db()),
    del: (key) => del(key, db()),
    keys: async () => (await keys(db())).map(String),
  };
}

/** Storage in memory (tests, and browsers where IndexedDB cannot open, e.g. some private modes). */
export function memoryStorage(initial?: Map<string, unknown>): QueueStorage & { data: Map<string, unknown> } {
  const data = initial ?? new Map<string, unknown>();
  return {
    data,
    get: async <T>(key: string) => data.get(key) as T | undefined,
    set: async (key, value) => {
      data.set(key, value);
    },
    del: async (key) => {
      data.delete(key);
    },
    keys: async () => [...data.keys()],
  };
}

/** IndexedDB when it opens, else memory (the exam still works; only a reload then loses the queue). */
export async function openQueueStorage(): Promise<QueueStorage> {
  if (typeof indexedDB === 'undefined') return memoryStorage();
  const storage = indexedDbStorage();
  try {
    await storage.keys();
    return storage;
  } catch {
    return memoryStorage();
  }
}

/**
 * Removes what earlier practice runs of a student left on this device (answers and photo bytes), keeping
 * the run `keepScope`: a practice is for trying the camera, and a phone's storage is small.
 */
export async function clearOtherPracticeRuns(userId: string, keepScope: string): Promise<void> {
  const storage = await openQueueStorage();
  const prefix = `practice:${userId}:`;
  for (const key of await storage.keys()) {
    if (key.startsWith(prefix) && !key.startsWith(`${keepScope}:`)) await storage.del(key);
  }
}
