import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isMissingFile, newImageKey, type Storage } from '../../lib/storage.ts';
import { processImage } from './image-pipeline.ts';
import { findMedia, markMediaFailed, markMediaReady } from './media.repo.ts';
import { pageFingerprint } from './page-fingerprint.ts';

export type ProcessingDeps = { db: Executor; storage: Storage };

export type ProcessingOutcome = 'ready' | 'failed' | 'done already';

/**
 * The image job: re-encodes the bytes of a pending media as received (image-pipeline.ts), takes its
 * fingerprint (page-fingerprint.ts), stores the result under a new key, marks the row ready, and removes the received bytes. Safe to run twice or after
 * a crash at any step: only the run that turns the row from pending to ready keeps its file (a crash
 * between the steps leaves at most an unreferenced file, never a wrong row). Bytes that do not decode make
 * the row failed. Throws (to be tried again) when the row is not visible yet or on a disk or database fault.
 */
export async function processPendingMedia(deps: ProcessingDeps, mediaId: string): Promise<ProcessingOutcome> {
  const row = await findMedia(deps.db, mediaId);
  // Not visible: the transaction that writes it has not committed yet (or it was removed: retries end).
  if (!row) throw new Error(`media ${mediaId} not found`);
  if (row.status !== 'pending') return 'done already';

  let received: Buffer;
  try {
    received = await deps.storage.read(row.storageKey);
  } catch (err) {
    if (!isMissingFile(err)) throw err;
    // Another run finished it meanwhile (and removed the received bytes), or the file is lost for good.
    const now = await findMedia(deps.db, mediaId);
    if (now?.status !== 'pending') return 'done already';
    await markMediaFailed(deps.db, mediaId);
    return 'failed';
  }

  let image: Awaited<ReturnType<typeof processImage>>;
  try {
    image = await processImage(received, 'photo');
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (await markMediaFailed(deps.db, mediaId)) await deps.storage.delete(row.storageKey);
    return 'failed';
  }

  // Its perceptual fingerprint, for the organisers' look-alike check (docs/decisions/065-answers-that-look-alike.md).
  const fingerprint = await pageFingerprint(image.data);
  const storageKey = newImageKey();
  await deps.storage.put(storageKey, image.data);
  const ready = await markMediaReady(deps.db, mediaId, {
    storageKey,
    contentType: image.contentType,
    sizeBytes: image.data.length,
    sha256: image.sha256,
    width: image.width,
    height: image.height,
    fingerprint,
  });
  // (On a database fault the new file stays unreferenced: the update may have committed before the fault.)
  if (!ready) {
    await deps.storage.delete(storageKey);
    return 'done already';
  }
  await deps.storage.delete(row.storageKey);
  return 'ready';
}
