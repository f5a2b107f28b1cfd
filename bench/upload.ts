// npm run bench:upload: the server's image pipeline on what browsers send after compression, and on a
// raw phone photo. Prints a table; results go to docs/performance.md by hand.
import os from 'node:os';
import sharp from 'sharp';
import { processImage } from '../apps/api/src/modules/media/image-pipeline.ts';
import { syntheticPhoto } from './photo.ts';

const ROUNDS = 40;

async function measure(input: Buffer, concurrency: number) {
  const times: number[] = [];
  let outputBytes = 0;
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < ROUNDS) {
        next += 1;
        const t = performance.now();
        const out = await processImage(input, 'bench.jpg');
        times.push(performance.now() - t);
        outputBytes = out.data.length;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    medianMs: Math.round(times[Math.floor(times.length / 2)] ?? 0),
    perSecond: Number((ROUNDS / seconds).toFixed(1)),
    outputKB: Math.round(outputBytes / 1024),
  };
}

const compressed = await syntheticPhoto(2000, 1500, 85);
const raw = await syntheticPhoto(4000, 3000, 95);
// What the browser does before upload: longest side 2000 px, JPEG quality 0.85 (emulated with libvips here).
const clientCompressed = await sharp(raw)
  .resize(2000, 2000, { fit: 'inside' })
  .jpeg({ quality: 85 })
  .toBuffer();

const rows = [];
for (const [name, input] of [
  ['2000×1500 JPEG (after browser compression)', compressed],
  ['4000×3000 raw phone photo', raw],
] as const) {
  await processImage(input, 'warm-up.jpg');
  for (const concurrency of [1, 2, 4]) {
    rows.push({
      input: name,
      inputKB: Math.round(input.length / 1024),
      concurrency,
      ...(await measure(input, concurrency)),
    });
  }
}
console.log(
  `Image pipeline on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ${new Date().toISOString()}`,
);
console.table(rows);
console.log(
  `Client compression of the raw photo: ${Math.round(raw.length / 1024)} KB → ${Math.round(clientCompressed.length / 1024)} KB ` +
    `(ratio ${(raw.length / clientCompressed.length).toFixed(1)}×)`,
);
