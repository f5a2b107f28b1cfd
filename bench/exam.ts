// npm run bench:exam -- [N ...]: the exam's start second. N students, already signed in and approved, are all
// released at the start instant, as their countdown pages reach zero together (no cap on requests in flight:
// phones do not take turns; BENCH_CONCURRENCY=<n> caps it to see the difference). Runs the real server on a
// fresh PostgreSQL database (DATABASE_URL's server, default the local one) with rate limits off. Prints a
// table per N.
// BENCH_DESIGN picks what a page does:
// - `paper` (default, issue 15): the countdown page downloaded the encrypted question paper before the start
//   (GET paper, spread over the seconds before it); at zero it asks only for the key (GET paper-key, no
//   session; asked again shortly while it is 404), then at its own moment within the first 2 s (the time
//   sync's offset) commits a photo by hash (POST answers) and delivers its bytes (PUT answer-photos).
//   BENCH_START_PHOTOS=off leaves the photo out: a first attempt's page has nothing to save at the start.
// - `today`: the previous design: at zero each page asks for the exam, the questions and its answers, then
//   uploads a photo (POST upload, sent again after a 503 with the page's back-off) and saves its address.
// - `fallback`: a page without the paper (a late visit, a reload): at zero GET exam, GET questions and GET
//   answers together, nothing saved.
// BENCH_PROCESSES=2 runs two server processes behind Debian's nginx with the shipped site file
// (deploy/nginx/ngso.conf, round robin) and sends the students to nginx; BENCH_NGINX=on puts nginx in front
// of a single process too (to see what nginx itself costs). BENCH_PORT (default 3900) is the port the
// students reach; behind nginx the processes take the next ports. By default each student's connection is
// open before the start, as the countdown page keeps it (it asks the server's time every 50 s);
// BENCH_WARM=off has every student connect at the start instant instead (each opening the page just then).
// BENCH_CPU_PROF=<folder> writes a CPU profile of each server process there.
// The students run in BENCH_WORKERS load generator threads (bench/load-workers.ts, bench/exam-start-students.ts),
// all released at the start's wall-clock instant; the run is VALID only when every thread's event-loop delay
// p99 stayed under 100 ms. What was lost (pages without the key, answers not stored, photos not delivered) is
// printed with the table.
// `npm run bench:exam -- end [N ...]` runs the exam's last minutes instead (bench/exam-end.ts).
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import {
  ADMIN_URL,
  assertLayoutPortsFree,
  LAYOUT,
  loadAverage,
  nginxSaid,
  percentile,
  seedStudents,
  startServers,
  tcpCounters,
  withDb,
} from './exam-common.ts';
import { endOfExam } from './exam-end.ts';
import type { Sample, StartInput, StartResult } from './exam-start-students.ts';
import { deal, loopVerdict, SERVED_FIRST_NICE, startWorkers, WORKERS } from './load-workers.ts';
import { syntheticPhoto } from './photo.ts';

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const RUNS = sizes.length ? sizes : [500, 2000];
/** Students in flight at once: all of them unless capped. */
const IN_FLIGHT = Number(process.env.BENCH_CONCURRENCY ?? Number.POSITIVE_INFINITY);
const WARM = process.env.BENCH_WARM !== 'off';
const DESIGNS = ['paper', 'today', 'fallback'] as const;
const DESIGN = (process.env.BENCH_DESIGN ?? 'paper') as StartInput['design'];
if (!DESIGNS.includes(DESIGN)) throw new Error(`BENCH_DESIGN is one of ${DESIGNS.join(', ')}`);
/**
 * With the paper, whether every page also commits and delivers a photo in its first 2 s (`on`, the harsh
 * default) or asks only for the key (`off`: the page as it is for a first attempt, which has nothing to save
 * until the student photographs a page).
 */
const START_PHOTOS = process.env.BENCH_START_PHOTOS !== 'off';

/** The question a paper page answers first. */
async function firstQuestionOf(client: pg.Client) {
  const { rows } = await client.query(
    "select id from questions where category = 'junior' order by position limit 1",
  );
  if (!rows[0]) throw new Error('no junior question seeded');
  return rows[0].id as string;
}

async function runOnce(n: number, photo: Buffer) {
  await assertLayoutPortsFree();
  const dbName = `ngso_bench_${process.pid}_${n}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ngso-bench-'));
  const client = new pg.Client({ connectionString: withDb(ADMIN_URL, dbName) });
  const servers = await startServers(withDb(ADMIN_URL, dbName), dataDir);
  let threads: ReturnType<typeof startWorkers<StartInput, StartResult>> | undefined;

  try {
    await client.connect();
    const tokens = await seedStudents(client, n);
    // The paper's downloads are spread over the seconds before the start (the page spreads them over 15 min);
    // warm pages open their connections with one call each, which takes longer the more pages there are.
    const lead = DESIGN === 'paper' ? 30_000 : WARM ? 15_000 + 10 * n : 5000;
    const startAt = new Date(Date.now() + lead);
    await client.query("update exams set starts_at = $1, ends_at = $2 where category = 'junior'", [
      startAt,
      new Date(startAt.getTime() + 3_600_000),
    ]);
    const slices = deal(tokens, WORKERS);
    const common = {
      design: DESIGN,
      warm: WARM,
      startAt: startAt.getTime(),
      inFlight: Math.ceil(IN_FLIGHT / slices.length),
      startPhotos: START_PHOTOS,
      firstQuestion: DESIGN === 'paper' ? await firstQuestionOf(client) : '',
      photo: new Uint8Array(photo),
      photoHash: createHash('sha256').update(photo).digest('hex'),
    };
    // Every thread releases its students at the same wall-clock instant, the exam's start.
    threads = startWorkers<StartInput, StartResult>(
      new URL('./exam-start-students.ts', import.meta.url).href,
      slices.map((slice) => ({ ...common, tokens: slice })),
      // The generator goes first (load-workers.ts, generatorNice).
      SERVED_FIRST_NICE,
    );
    await threads.ready();
    if (Date.now() > startAt.getTime())
      throw new Error('the load generator was not ready by the start: give it more time before it');
    await new Promise((r) => setTimeout(r, startAt.getTime() - Date.now()));
    const loadAtStart = loadAverage();
    const tcpAtStart = tcpCounters();
    const mainLoop = monitorEventLoopDelay({ resolution: 10 });
    mainLoop.enable();
    const cpuAtStart = servers.cpuSeconds();
    const results = await threads.results();
    const cpuAtEnd = servers.cpuSeconds();
    mainLoop.disable();
    const tcpAtEnd = tcpCounters();
    const missing = results.reduce((sum, r) => sum + r.missingPapers, 0);
    if (missing) throw new Error(`${missing} papers were not downloaded before the start`);

    const samples: Sample[] = results.flatMap((r) => r.samples);
    const refused = results.reduce((sum, r) => sum + r.refused, 0);
    const began = Math.min(...results.map((r) => r.began));
    const lastStored = Math.max(...results.map((r) => r.lastStored));
    const questionsShown = Math.max(...results.map((r) => r.questionsShown));
    const seconds = (Math.max(lastStored, questionsShown, began) - began) / 1000;
    const { rows } = await client.query('select count(*)::int as n from answers');
    const delivered = await client.query(
      'select count(*)::int as n from answer_photos where media_id is not null',
    );
    const calls = {
      paper: ['GET paper-key', 'POST answers', 'PUT photo'],
      today: ['GET exam', 'GET questions', 'GET answers', 'POST upload', 'POST answers'],
      fallback: ['GET exam', 'GET questions', 'GET answers'],
    }[DESIGN];
    const json = (s: Sample) => s.call !== 'POST upload' && s.call !== 'PUT photo';
    const rowsOut = [...calls, 'all JSON'].map((call) => {
      const of = samples.filter((s) => (call === 'all JSON' ? json(s) : s.call === call));
      const times = of.map((s) => s.ms).sort((a, b) => a - b);
      return {
        N: n,
        call,
        requests: of.length,
        errors: of.filter((s) => !s.ok).length,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        p99: percentile(times, 99),
      };
    });
    // What was lost: a page that never had its questions, an answer never stored, a photo never delivered.
    const keyless =
      DESIGN === 'paper' ? n - samples.filter((s) => s.call === 'GET paper-key' && s.ok).length : 0;
    const questionless =
      DESIGN === 'paper' ? 0 : n - samples.filter((s) => s.call === 'GET questions' && s.ok).length;
    const saving = DESIGN === 'today' || (DESIGN === 'paper' && START_PHOTOS);
    const stored = saving
      ? `answers stored: ${rows[0].n} of ${n}, the last ${((lastStored - began) / 1000).toFixed(1)} s after the start`
      : 'no answers saved at the start';
    const shown =
      DESIGN !== 'today'
        ? `; every page had its questions ${((questionsShown - began) / 1000).toFixed(1)} s after the start${DESIGN === 'paper' ? `; photos delivered: ${delivered.rows[0].n}` : ''}`
        : '';
    const lost = [
      DESIGN === 'paper'
        ? `pages without the key: ${keyless}`
        : `pages without the questions: ${questionless}`,
      saving ? `answers not stored: ${n - rows[0].n}` : '',
      DESIGN === 'paper' && START_PHOTOS ? `photos not delivered: ${n - delivered.rows[0].n}` : '',
    ].filter(Boolean);
    console.log(
      `\nN = ${n} (${DESIGN}): ${samples.length} requests in ${seconds.toFixed(1)} s (${(samples.length / seconds).toFixed(0)} requests/s); ${stored}${shown}; uploads refused with 503 and sent again: ${refused}`,
    );
    console.log(`lost: ${lost.join(', ')}`);
    console.log(
      `load average at the start ${loadAtStart}, at the end ${loadAverage()}; listen queue overflows ${tcpAtEnd.overflows - tcpAtStart.overflows} and SYNs sent again ${tcpAtEnd.synRetransmits - tcpAtStart.synRetransmits} (machine-wide); the bench's main thread's event loop delay p99 ${(mainLoop.percentile(99) / 1e6).toFixed(0)} ms`,
    );
    console.log(loopVerdict(results.map((r) => r.loopDelay)).line);
    // What the calls cost the machine, whatever the load: the servers' CPU and the generator's own busy time.
    const serverCpu = cpuAtEnd.processes - cpuAtStart.processes;
    const nginxCpu = cpuAtEnd.nginx - cpuAtStart.nginx;
    console.log(
      `CPU from the release to the last answer: server processes ${serverCpu.toFixed(1)} s (${((1000 * serverCpu) / samples.length).toFixed(2)} ms a call), nginx ${nginxCpu.toFixed(1)} s, load generator threads busy ${results.map((r) => (r.busyMs / 1000).toFixed(1)).join(' / ')} s; connections the pages opened from the start on: ${results.reduce((sum, r) => sum + r.connectionsAtRelease, 0)}`,
    );
    console.log(
      `release: every page started within ${Math.round(Math.max(...results.map((r) => r.releaseMs)))} ms of the start (each thread starts its pages 100 to a turn, none waiting for another's answer)`,
    );
    console.table(rowsOut);
    const failures = new Map<string, number>();
    for (const sample of samples) {
      if (sample.failure)
        failures.set(
          `${sample.call} ${sample.failure}`,
          (failures.get(`${sample.call} ${sample.failure}`) ?? 0) + 1,
        );
    }
    if (failures.size)
      console.log(`failures: ${[...failures].map(([kind, count]) => `${kind}: ${count}`).join(', ')}`);
    const said = nginxSaid(servers.nginx);
    if (said) console.log(`nginx:\n  ${said}`);
  } finally {
    await threads?.stop();
    await servers.stop();
    await client.end().catch(() => {});
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const scenario = process.env.BENCH_SCENARIO ?? (process.argv[2] === 'end' ? 'end' : 'start');
if (scenario === 'end') {
  await endOfExam(sizes);
} else {
  const photo = await syntheticPhoto(1600, 1200, 80);
  console.log(
    `Exam start benchmark on ${os.cpus().length} cores (${os.cpus()[0]?.model}), ${new Date().toISOString()}; photo ${Math.round(photo.length / 1024)} KB; ${DESIGN} design; ${IN_FLIGHT === Number.POSITIVE_INFINITY ? 'every student released at once' : `${IN_FLIGHT} students in flight at once`} by ${WORKERS} load generator threads, connecting ${WARM ? 'before' : 'at'} the start; ${LAYOUT}; load average ${loadAverage()}`,
  );
  for (const n of RUNS) await runOnce(n, photo);
}
