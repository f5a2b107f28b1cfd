// npm run bench:look-alikes -- [N]: the look-alike index (docs/decisions/065-answers-that-look-alike.md) at N
// answer photos (default 60,000: 10,000 finalists x 6 pages). Makes N fingerprints that look random (as distinct
// pages' fingerprints do: about half their bits differ), then plants near-duplicates: BENCH_PLANTED photos
// (default 300) are copies of another finalist's photo with 0 to 12 bits changed, and a tenth of those are the
// very same file. Adds every photo to a LookAlikeIndex at the production threshold, as the first look after a
// restart does, and prints the time, the pairs found, and whether every planted pair was among them. Then the same
// pairs by comparing every pair (on a sample, extrapolated) for scale; the
// time on a shared machine is wall time, so CPU time is printed too. Pure computation: no server or database.
import { performance } from 'node:perf_hooks';
import { LookAlikeIndex } from '../apps/api/src/modules/look-alikes/look-alike-index.ts';
import { LOOK_ALIKE_MAX_DISTANCE } from '../apps/api/src/modules/look-alikes/look-alikes.service.ts';

const N = Number(process.argv[2] ?? 60_000);
const PLANTED = Number(process.env.BENCH_PLANTED ?? 300);
const PAGES = 6;

let state = 20_251_129;
const random32 = () => {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (t ^ (t >>> 14)) >>> 0;
};
const hex = (high: number, low: number) =>
  high.toString(16).padStart(8, '0') + low.toString(16).padStart(8, '0');

type Photo = { key: string; owner: string; sha256: string; fingerprint: string };
const photos: Photo[] = [];
for (let i = 0; i < N; i++) {
  photos.push({
    key: `p${i}`,
    owner: `finalist-${Math.floor(i / PAGES)}`,
    sha256: `sha-${i}`,
    fingerprint: hex(random32(), random32()),
  });
}
// Planted: photo `copy` is photo `source` of another finalist, with some bits changed (or the same file).
const planted = new Set<string>();
const used = new Set<number>();
const unused = () => {
  let photo = random32() % N;
  while (used.has(photo)) photo = random32() % N;
  used.add(photo);
  return photo;
};
for (let k = 0; k < PLANTED; k++) {
  const source = unused();
  let copy = unused();
  while (Math.floor(copy / PAGES) === Math.floor(source / PAGES)) copy = unused();
  const from = photos[source] as Photo;
  let high = Number.parseInt(from.fingerprint.slice(0, 8), 16);
  let low = Number.parseInt(from.fingerprint.slice(8), 16);
  const flips = k % (LOOK_ALIKE_MAX_DISTANCE + 1);
  const flipped = new Set<number>();
  while (flipped.size < flips) flipped.add(random32() % 64);
  for (const bit of flipped) {
    if (bit < 32) high = (high ^ (1 << bit)) >>> 0;
    else low = (low ^ (1 << (bit - 32))) >>> 0;
  }
  const target = photos[copy] as Photo;
  target.fingerprint = hex(high, low);
  if (k % 10 === 0) target.sha256 = from.sha256;
  planted.add([from.key, target.key].sort().join(' '));
}

const memoryBefore = process.memoryUsage().heapUsed;
const started = performance.now();
const cpuBefore = process.cpuUsage();
const index = new LookAlikeIndex(LOOK_ALIKE_MAX_DISTANCE);
const found = new Set<string>();
let sameFile = 0;
for (const photo of photos) {
  for (const pair of index.add(photo)) {
    found.add([pair.first.key, pair.second.key].sort().join(' '));
    if (pair.sameFile) sameFile++;
  }
}
const elapsed = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
const missed = [...planted].filter((pair) => !found.has(pair));

// Every pair, on the first 1,500 photos, extrapolated to N (what the index saves).
const sample = Math.min(N, 1500);
const naiveStarted = performance.now();
let naiveHits = 0;
const bits = (a: string, b: string) => {
  let x = (Number.parseInt(a.slice(0, 8), 16) ^ Number.parseInt(b.slice(0, 8), 16)) >>> 0;
  let y = (Number.parseInt(a.slice(8), 16) ^ Number.parseInt(b.slice(8), 16)) >>> 0;
  let count = 0;
  for (; x; x &= x - 1) count++;
  for (; y; y &= y - 1) count++;
  return count;
};
for (let i = 0; i < sample; i++) {
  for (let j = i + 1; j < sample; j++) {
    if (bits((photos[i] as Photo).fingerprint, (photos[j] as Photo).fingerprint) <= LOOK_ALIKE_MAX_DISTANCE)
      naiveHits++;
  }
}
const naiveMs = performance.now() - naiveStarted;
const naiveAtN = (naiveMs * (N * (N - 1))) / (sample * (sample - 1));

console.log(
  JSON.stringify(
    {
      photos: N,
      threshold: LOOK_ALIKE_MAX_DISTANCE,
      index_ms: Math.round(elapsed),
      index_cpu_ms: Math.round((cpu.user + cpu.system) / 1000),
      pairs_found: found.size,
      same_file_pairs: sameFile,
      planted: planted.size,
      planted_missed: missed.length,
      heap_mb: Math.round((process.memoryUsage().heapUsed - memoryBefore) / 1e6),
      every_pair_sample: {
        photos: sample,
        ms: Math.round(naiveMs),
        hits: naiveHits,
        extrapolated_ms: Math.round(naiveAtN),
      },
      load_average: (await import('node:os')).loadavg().map((x) => x.toFixed(2)),
    },
    null,
    2,
  ),
);
if (missed.length > 0 || elapsed > 10_000) process.exitCode = 1;
