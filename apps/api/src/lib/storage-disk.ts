import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from './app-error.ts';
import { assertStorageKey, isMissingFile, MissingFileError, STORAGE_KEY, type Storage } from './storage.ts';

async function syncFolder(folder: string) {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

const missingAs = (key: string) => (err: NodeJS.ErrnoException) => {
  if (isMissingFile(err)) throw new MissingFileError(key);
  throw err;
};

async function namesIn(folder: string) {
  const names = await readdir(folder).catch((err: NodeJS.ErrnoException) => {
    if (isMissingFile(err)) return [];
    throw err;
  });
  return names.sort();
}

/** The local folder (DATA_DIR/uploads). Keys are random names; two levels of folders keep each folder small. */
export function diskStorage(root: string): Storage {
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key.slice(0, 2), key.slice(2, 4), key);
  };
  return {
    kind: 'local',
    async put(key, data) {
      const file = fileOf(key);
      const folder = path.dirname(file);
      const created = await mkdir(folder, { recursive: true });
      // New folders are entries of their parents: flush those parents too.
      if (created) {
        for (let dir = folder; dir !== path.dirname(created); dir = path.dirname(dir)) {
          await syncFolder(path.dirname(dir));
        }
      }
      // Write, flush, then rename, so a crash never leaves a half-written file under the final name;
      // flushing the folder too makes the new name itself survive a power cut. Each write has its own
      // partial file: two writes of one key never mix their bytes (the last rename wins, whole).
      const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
      const handle = await open(partial, 'w');
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(partial, file);
      await syncFolder(folder);
    },
    async stream(key, range) {
      // Open first, so a missing file is a clear 404 before any header is sent, not a broken 200.
      const handle = await open(fileOf(key)).catch((err: NodeJS.ErrnoException) => {
        if (isMissingFile(err)) throw new AppError(404, 'notFound');
        throw err;
      });
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
    read: (key) => readFile(fileOf(key)).catch(missingAs(key)),
    size: (key) =>
      stat(fileOf(key)).then(
        (info) => info.size,
        (err: NodeJS.ErrnoException) => {
          if (isMissingFile(err)) return undefined;
          throw err;
        },
      ),
    delete: (key) => rm(fileOf(key), { force: true }),
    async *list() {
      for (const first of await namesIn(root)) {
        for (const second of await namesIn(path.join(root, first))) {
          const folder = path.join(root, first, second);
          for (const name of await namesIn(folder)) {
            if (!STORAGE_KEY.test(name)) continue; // a partial write
            const info = await stat(path.join(folder, name)).catch(() => undefined);
            if (info?.isFile()) yield { key: name, size: info.size };
          }
        }
      }
    },
    async check() {
      await mkdir(root, { recursive: true });
      await stat(root);
    },
  };
}
