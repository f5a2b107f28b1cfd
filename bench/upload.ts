// npm run bench:upload: the server's image pipeline on what browsers send after compression, and on a
// raw phone photo; then answer photos over real HTTP: how many the server acknowledges a second (stored,
// not yet processed) and how many it processes a second behind them. Prints tables; results go to
// docs/performance.md by hand. The second part runs on the embedded database, or on a fresh PostgreSQL
// database when DATABASE_URL is set (its server; the database is dropped after), with the real server as a
// child process on BENCH_PORT (default 3910). BENCH_UPLOADS (default 600) photos from BENCH_ACCOUNTS
// (default 50) grader accounts, two in flight each; with the files in the local folder, and, where Swift is
// installed (as for npm run test:s3), in S3 on a throwaway Swift, side by side.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import PostalMime from 'postal-mime';
import sharp from 'sharp';
import type { Storage } from '../apps/api/src/lib/storage.ts';
import { diskStorage } from '../apps/api/src/lib/storage-disk.ts';
import { s3Storage } from '../apps/api/src/lib/storage-s3.ts';
import { processImage } from '../apps/api/src/modules/media/image-pipeline.ts';
import { multipart } from '../apps/api/test/helpers/multipart.ts';
import { passSecondFactorOverHttp } from '../apps/api/test/helpers/second-factor.ts';
import { httpClient, startServerProcess } from '../apps/api/test/helpers/server-process.ts';
import { startThrowawayS3, swiftInstalled, type ThrowawayS3 } from '../apps/api/test/helpers/throwaway-s3.ts';
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

// ---- Acknowledged and processed answer photos, over real HTTP --------------------------------------------

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 600);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 3910);
const ADMIN = { email: 'admin@bench-upload.test', password: 'Bench-uploads-admin-1' };

/** A fresh PostgreSQL database on DATABASE_URL's server (dropped after), or none: the embedded database. */
async function benchDatabase() {
  const url = process.env.DATABASE_URL;
  if (!url) return { env: {} as Record<string, string>, drop: async () => {} };
  const name = `ngso_bench_upload_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    env: { DATABASE_URL: Object.assign(new URL(url), { pathname: `/${name}` }).toString() },
    drop: async () => {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** The token of the newest link to `page` mailed to `email` (the server writes mails as files without SMTP). */
async function mailedToken(dataDir: string, email: string, page: string) {
  const dir = path.join(dataDir, 'mail');
  for (let tries = 0; tries < 100; tries++) {
    const files = (await readdir(dir).catch(() => [] as string[])).sort().reverse();
    for (const file of files) {
      const mail = await PostalMime.parse(await readFile(path.join(dir, file)));
      const link = new RegExp(`http\\S+${page}\\?\\S+`).exec(mail.text ?? '')?.[0];
      if (link && mail.to?.some((to) => to.address === email)) return new URL(link).searchParams.get('token');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${page} link mailed to ${email}`);
}

/**
 * Graders of the bench (staff may upload at any time), signed in: their cookies. Made as organisers make
 * them: the admin (past the second factor) invites each address, which accepts through the mailed link.
 */
async function graders(base: string, dataDir: string) {
  const admin = httpClient(base);
  await admin.post('/api/v1/login', ADMIN);
  await passSecondFactorOverHttp(admin, base, ADMIN.email);
  const cookies: string[] = [];
  for (let i = 0; i < ACCOUNTS; i += 1) {
    const email = `grader${i}-${Date.now()}@bench-upload.test`;
    await admin.post('/api/v1/admin/invitations', { email, role: 'grader' });
    const grader = httpClient(base);
    const accepted = await grader.post('/api/v1/invitations/accept', {
      token: await mailedToken(dataDir, email, '/accept-invitation'),
      name: 'Bench Grader',
      password: 'Bench-grader-pass-1',
    });
    if (accepted.status !== 200) throw new Error(`a bench grader could not accept (${accepted.status})`);
    cookies.push([...grader.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
  }
  return cookies;
}

/** CPU milliseconds a process has used (Linux: utime + stime from /proc, in clock ticks of 10 ms). */
const cpuMsOf = async (pid: number) => {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

/** Photos kept as received and not processed yet (processing removes them). */
const unprocessed = async (storage: Storage) => {
  let count = 0;
  for await (const item of storage.list()) if (item.key.endsWith('.raw')) count += 1;
  return count;
};

/** Where a bench server keeps its files: the local folder, or a new bucket of the throwaway Swift. */
type FileStore = {
  name: string;
  open: (dataDir: string) => Promise<{ env: Record<string, string>; storage: Storage }>;
};

const localFolder: FileStore = {
  name: 'local folder',
  open: async (dataDir) => ({ env: {}, storage: diskStorage(path.join(dataDir, 'uploads')) }),
};
const s3Bucket = (swift: ThrowawayS3): FileStore => ({
  name: 'S3 (Swift)',
  open: async () => {
    const settings = await swift.newBucket('ngso-bench');
    return { env: swift.envFor(settings), storage: s3Storage(settings) };
  },
});

async function acknowledgments(store: FileStore, workers: number, photo: Buffer) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ngso-bench-upload-'));
  const database = await benchDatabase();
  const files = await store.open(dataDir);
  const server = await startServerProcess({
    port: PORT,
    env: {
      ...database.env,
      ...files.env,
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      NODE_ENV: 'production',
      // Plain HTTP on this machine's loopback.
      ALLOW_HTTP_BASE_URL: 'true',
      LOG_LEVEL: 'error',
      RATE_LIMITS: 'off',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      IMAGE_WORKERS: String(workers),
    },
  });
  try {
    const cookies = await graders(server.baseUrl, dataDir);
    const body = multipart([{ name: 'answer.jpg', data: photo, type: 'image/jpeg' }]);
    let next = 0;
    let refused = 0;
    const ackMs: number[] = [];
    const cpuBefore = await cpuMsOf(server.pid);
    const started = performance.now();
    const sender = async (cookie: string) => {
      while (next < UPLOADS) {
        next += 1;
        for (;;) {
          const t = performance.now();
          const response = await fetch(`${server.baseUrl}/api/v1/upload`, {
            method: 'POST',
            headers: { ...body.headers, cookie, 'x-requested-with': 'XMLHttpRequest' },
            body: new Uint8Array(body.payload),
          });
          await response.arrayBuffer();
          if (response.status === 200) {
            ackMs.push(performance.now() - t);
            break;
          }
          refused += 1;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    };
    // Two in flight per account, as the exam page sends them.
    await Promise.all(cookies.flatMap((cookie) => [sender(cookie), sender(cookie)]));
    const acknowledgedAfter = (performance.now() - started) / 1000;
    let processedAfter = Number.NaN;
    if (workers > 0) {
      while ((await unprocessed(files.storage)) > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      processedAfter = (performance.now() - started) / 1000;
    }
    const cpuPerUpload = ((await cpuMsOf(server.pid)) - cpuBefore) / ackMs.length;
    ackMs.sort((a, b) => a - b);
    return {
      files: store.name,
      workers,
      uploads: ackMs.length,
      refusedAndRetried: refused,
      acknowledgedPerSecond: Number((ackMs.length / acknowledgedAfter).toFixed(1)),
      ackMedianMs: Math.round(ackMs[Math.floor(ackMs.length / 2)] ?? 0),
      ackP95Ms: Math.round(ackMs[Math.floor(ackMs.length * 0.95)] ?? 0),
      processedPerSecond: Number.isNaN(processedAfter)
        ? '-'
        : Number((ackMs.length / processedAfter).toFixed(1)),
      serverCpuMsPerPhoto: Number(cpuPerUpload.toFixed(1)),
    };
  } finally {
    await server.stop();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const swift = swiftInstalled() ? await startThrowawayS3() : undefined;
const ackRows = [];
try {
  for (const store of swift ? [localFolder, s3Bucket(swift)] : [localFolder]) {
    for (const workers of [0, 2]) ackRows.push(await acknowledgments(store, workers, clientCompressed));
  }
} finally {
  await swift?.remove();
}
if (!swift) console.log('Swift is not installed: the S3 rows are left out (see npm run test:s3).');
console.log(
  `Answer photos over HTTP to one server process (${UPLOADS} of ${Math.round(clientCompressed.length / 1024)} KB, ` +
    `${ACCOUNTS} graders × 2 in flight, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded database'}; ` +
    "IMAGE_WORKERS 0 = acknowledge only, processed = the last one processed; the server process's CPU per photo " +
    'does not depend on what else runs on the machine):',
);
console.table(ackRows);
