import type { AnswerImage } from '@ngso/shared/schemas/exam';
import type { QueueState } from './queue-state.ts';

/**
 * What the student sees of each photo: `preparing` (compressing), `sending` (not recorded by the server
 * yet), `recorded` (recorded in time, its bytes on their way), `sent` (the server has it), `lateSending`
 * (too late to record: being sent for review), `late` (arrived late, organisers decide).
 */
export type PhotoViewState = 'preparing' | 'sending' | 'recorded' | 'sent' | 'lateSending' | 'late';

export type AnswerImageView = {
  key: string;
  sha256: string | null;
  /** The photo on this device, while it is there (cancelling one being prepared needs it). */
  photoId: string | null;
  /** The local copy first (the server may still be preparing its own), else the server's address. */
  src: string | null;
  state: PhotoViewState;
  /** Percent of the bytes sent while a delivery runs. */
  progress: number | null;
  decision: 'pending' | 'accepted' | 'rejected' | null;
  /** The server's signed receipt of the commitment and its short code, once the server has given it. */
  receipt: PhotoReceipt | null;
};

export type PhotoReceipt = { receipt: string; code: string };

const receiptOf = (entry: AnswerImage): PhotoReceipt | null =>
  entry.receipt && entry.receipt_code ? { receipt: entry.receipt, code: entry.receipt_code } : null;

/**
 * A question's photos as the student sees them: the server's list (minus those being removed), then ours
 * on their way, then late photos (which never count by themselves).
 */
export function imagesOf(state: QueueState, questionId: string): AnswerImageView[] {
  const answer = state.answers[questionId];
  const removed = new Set(state.intents[questionId]?.remove ?? []);
  const local = state.photos.filter((photo) => photo.questionId === questionId);
  const localBySha = new Map(
    local.flatMap((photo) => (photo.sha256 ? [[photo.sha256, photo] as const] : [])),
  );
  const sentHere = Object.values(state.sent).filter((photo) => photo.questionId === questionId);
  const views: AnswerImageView[] = [];
  const seen = new Set<string>();
  const base = { photoId: null, progress: null, decision: null, receipt: null };
  // A late photo an organiser accepted joins the answer: it is shown once, as late, with the decision.
  const lateHashes = new Set(
    state.latePhotos.filter((entry) => entry.question_id === questionId).map((entry) => entry.sha256),
  );

  for (const entry of answer?.images ?? []) {
    if (removed.has(entry.sha256) || seen.has(entry.sha256) || lateHashes.has(entry.sha256)) continue;
    seen.add(entry.sha256);
    const photo = localBySha.get(entry.sha256);
    const sent = state.sent[entry.sha256];
    if (photo && photo.status !== 'late') {
      views.push({
        key: photo.id,
        sha256: entry.sha256,
        photoId: photo.id,
        src: photo.previewUrl,
        state: 'recorded',
        progress: photo.progress,
        decision: null,
        receipt: receiptOf(entry),
      });
    } else if (entry.status === 'stored' || sent) {
      views.push({
        ...base,
        key: entry.sha256,
        sha256: entry.sha256,
        src: sent?.previewUrl ?? entry.url,
        state: 'sent',
        receipt: receiptOf(entry),
      });
    } else {
      views.push({
        ...base,
        key: entry.sha256,
        sha256: entry.sha256,
        src: null,
        state: 'recorded',
        receipt: receiptOf(entry),
      });
    }
  }
  for (const photo of local) {
    if (photo.status === 'late' || (photo.sha256 && (seen.has(photo.sha256) || removed.has(photo.sha256))))
      continue;
    if (photo.sha256) seen.add(photo.sha256);
    views.push({
      key: photo.id,
      sha256: photo.sha256,
      photoId: photo.id,
      src: photo.previewUrl,
      state: photo.status === 'preparing' ? 'preparing' : photo.status,
      progress: photo.progress,
      decision: null,
      receipt: null,
    });
  }
  for (const sent of sentHere) {
    if (sent.late || seen.has(sent.sha256) || removed.has(sent.sha256)) continue;
    seen.add(sent.sha256);
    views.push({ ...base, key: sent.sha256, sha256: sent.sha256, src: sent.previewUrl, state: 'sent' });
  }

  const lateSeen = new Set<string>();
  for (const entry of state.latePhotos) {
    if (entry.question_id !== questionId || lateSeen.has(entry.sha256)) continue;
    lateSeen.add(entry.sha256);
    const sent = state.sent[entry.sha256];
    const photo = localBySha.get(entry.sha256);
    views.push({
      key: `late:${entry.sha256}`,
      sha256: entry.sha256,
      photoId: null,
      src: sent?.previewUrl ?? photo?.previewUrl ?? entry.url,
      state: entry.status === 'stored' || sent ? 'late' : 'lateSending',
      progress: photo?.progress ?? null,
      decision: entry.decision,
      receipt: null,
    });
  }
  for (const photo of local) {
    if (photo.status !== 'late' || !photo.sha256 || lateSeen.has(photo.sha256)) continue;
    lateSeen.add(photo.sha256);
    views.push({
      key: photo.id,
      sha256: photo.sha256,
      photoId: photo.id,
      src: photo.previewUrl,
      state: 'lateSending',
      progress: photo.progress,
      decision: null,
      receipt: null,
    });
  }
  for (const sent of sentHere) {
    if (!sent.late || lateSeen.has(sent.sha256)) continue;
    lateSeen.add(sent.sha256);
    views.push({
      ...base,
      key: `late:${sent.sha256}`,
      sha256: sent.sha256,
      src: sent.previewUrl,
      state: 'late',
      decision: 'pending',
    });
  }
  return views;
}

const isLate = (view: AnswerImageView) => view.state === 'late' || view.state === 'lateSending';

/** Whether a question has an answer (a photo recorded or on its way in time; late ones do not count). */
export const isAnswered = (state: QueueState, questionId: string) =>
  imagesOf(state, questionId).some((view) => !isLate(view));

export type QuestionDelivery = {
  questionId: string;
  /** Photos the server has. */
  stored: number;
  /** Photos recorded (or being recorded) in time whose bytes are not there yet. */
  sending: number;
  /** Late photos that arrived, waiting for the organisers' decision. */
  late: number;
  lateAccepted: number;
  lateRejected: number;
  /** Late photos still on their way. */
  lateSending: number;
};

/** Each question's delivery, for the success page (questions with any photo, in `order` when known). */
export function deliveryOf(state: QueueState, order: readonly string[]): QuestionDelivery[] {
  const ids = new Set<string>([
    ...order,
    ...Object.keys(state.answers),
    ...state.photos.map((photo) => photo.questionId),
    ...state.latePhotos.map((photo) => photo.question_id),
  ]);
  const rows: QuestionDelivery[] = [];
  for (const questionId of ids) {
    const views = imagesOf(state, questionId);
    if (views.length === 0) continue;
    const count = (states: PhotoViewState[]) => views.filter((view) => states.includes(view.state)).length;
    rows.push({
      questionId,
      stored: count(['sent']),
      sending: count(['preparing', 'sending', 'recorded']),
      late: views.filter((view) => view.state === 'late' && view.decision === 'pending').length,
      lateAccepted: views.filter((view) => view.state === 'late' && view.decision === 'accepted').length,
      lateRejected: views.filter((view) => view.state === 'late' && view.decision === 'rejected').length,
      lateSending: count(['lateSending']),
    });
  }
  return rows;
}
