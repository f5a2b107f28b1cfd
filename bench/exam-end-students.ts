// A load generator thread of the exam's last minutes (bench/exam-end.ts): its share of the students, each
// page keeping its clock, photographing its pages from its own moment of the burst, committing and
// delivering them, and submitting at 0. It counts its progress into the shared counters every second, and
// answers with every photo, every call and its event-loop delay; times as wall-clock ms (load-workers.ts).

import { TIME_UP_SUBMIT_SPREAD_MS } from '../apps/web/src/features/exam/finish-exam.ts';
import {
  BURST_FROM,
  BURST_SPREAD,
  DELIVERY_WAIT,
  flagsAt,
  PHOTOS,
  type Photo,
  PROGRESS_FIELDS,
  type Sample,
  Student,
  sha256Of,
  sleep,
  Tally,
} from './exam-end-page.ts';
import { epochOf, type LoopDelay, localTime, loopDelayMeter, workerSide } from './load-workers.ts';
import { photoVariant } from './photo.ts';

export type EndInput = {
  tokens: string[];
  /** Each student's number across every thread (it names their photos). */
  numbers: number[];
  questions: string[];
  bases: Uint8Array[];
  /** Shared counters: this thread's row of PROGRESS_FIELDS, and the run's flags at FLAGS_AT. */
  progress: SharedArrayBuffer;
  row: number;
};

/** A photo as the thread reports it: its bytes left behind, its moments as wall-clock ms. */
export type ReportedPhoto = Omit<Photo, 'base'>;
export type EndResult = {
  photos: ReportedPhoto[];
  samples: Sample[];
  retryAfters: { at: number; seconds: number }[];
  statuses: [string, number][];
  loopDelay: LoopDelay;
};

const side = workerSide<EndInput>();
const input = side.input;
const counters = new Int32Array(input.progress);
const threads = (counters.length - 1) / PROGRESS_FIELDS.length;
const stopped = () => Atomics.load(counters, flagsAt(threads)) === 1;

await side.finish(async (): Promise<EndResult> => {
  const tally = new Tally();
  let stopAt = Number.POSITIVE_INFINITY;
  const students = input.tokens.map((token) => new Student(token, tally, () => stopAt));
  const bases = input.bases.map((base) => Buffer.from(base));
  // The photos each student will take (hashing is the phone's work, done here before the run).
  const plans = students.map((_, s) =>
    Array.from({ length: PHOTOS }, (_, k) => {
      const number = input.numbers[s] as number;
      const base = bases[(number + k) % bases.length] as Buffer;
      const tag = `bench student ${number} page ${k + 1}`;
      const parts = photoVariant(base, tag);
      return {
        question: input.questions[k % input.questions.length] as string,
        base,
        tag,
        sha256: sha256Of(parts),
        size: parts.reduce((sum, part) => sum + part.length, 0),
      };
    }),
  );
  // The pages are open: each has synced its clock, which keeps its connection (all at once, no cap).
  const clocks = students.map((student) => student.keepClock(stopped));
  const progress = setInterval(() => {
    const photos = students.flatMap((student) => student.photos);
    const counts = [
      photos.length,
      photos.filter((p) => p.committedAt !== undefined).length,
      photos.filter((p) => p.acknowledgedAt !== undefined).length,
      photos.filter((p) => p.lost).length,
      students.filter((student) => student.done()).length,
    ];
    counts.forEach((count, i) => {
      Atomics.store(counters, input.row * PROGRESS_FIELDS.length + i, count);
    });
  }, 1000);
  const endAt = await new Promise<number>((resolve) => {
    side.onMessage((message) => resolve((message as { endAt: number }).endAt));
    side.ready();
  });
  const meter = loopDelayMeter();
  const end = localTime(endAt);
  stopAt = end + DELIVERY_WAIT;
  const burstStart = end - BURST_FROM;
  const burst = students.map(async (student, s) => {
    let at = burstStart + Math.random() * BURST_SPREAD;
    for (const plan of plans[s] ?? []) {
      await sleep(at - performance.now());
      student.take({ ...plan, takenAt: performance.now(), turnedAway: 0 });
      at += 1000 + Math.random() * 2000;
    }
  });
  // The page submits a random moment of TIME_UP_SUBMIT_SPREAD_MS after 0 (finish-exam.ts).
  const submissions = students.map(async (student) => {
    await sleep(end - performance.now() + Math.random() * TIME_UP_SUBMIT_SPREAD_MS);
    await student.submit();
  });
  await Promise.all(burst);
  while (!stopped()) await sleep(500);
  meter.stop();
  await Promise.all(submissions);
  await Promise.all(clocks);
  clearInterval(progress);
  for (const student of students) student.agent.destroy();
  const wall = (at: number | undefined) => (at === undefined ? undefined : epochOf(at));
  return {
    photos: students.flatMap((student) =>
      student.photos.map(({ base: _base, ...photo }) => ({
        ...photo,
        takenAt: epochOf(photo.takenAt),
        committedAt: wall(photo.committedAt),
        acknowledgedAt: wall(photo.acknowledgedAt),
        lostAt: wall(photo.lostAt),
      })),
    ),
    samples: tally.samples.map((sample) => ({ ...sample, at: epochOf(sample.at) })),
    retryAfters: tally.retryAfters.map((r) => ({ ...r, at: epochOf(r.at) })),
    statuses: [...tally.statuses],
    loopDelay: meter.read(),
  };
});
