// The exam's last minutes (issue 14): `npm run bench:exam -- end [N ...]` (or BENCH_SCENARIO=end), default
// N = 2000. N approved students, signed in, the exam page open (its connection kept by the server-time call
// every 50 s), each photographs BENCH_PHOTOS pages (default 3, one per question; 6 = all six questions)
// starting at a random moment between 120 and 60 s before the end, 1 to 3 s apart. Every student is on
// their own (no cap on requests in flight: phones do not take turns) and follows the exam page's rules
// (apps/web/src/features/exam/answer-queue.ts, transport.ts): each photo is COMMITTED (POST answers with the
// question's full list of hashes and the version last read; a stale version reloads and commits again) and
// its answers are read again, then its bytes are DELIVERED (PUT answer-photos/<sha256>, two at a time per
// phone, 30 s without progress aborts it; the page shows a delivered photo from that call's answer, with no
// read after it); 429, 503 and lost connections are tried again after the
// server's Retry-After plus up to half of it again, at least the page's back-off (1, 2, 4... s, at most
// 30 s, with jitter), also after the end. At the end each page submits (after its waiting commits).
// The exam's window is set so that it ends BENCH_END_IN seconds (default 150) after the students are
// released. The bench waits for every photo to be acknowledged (at most BENCH_DELIVERY_WAIT s after the
// end, default 900) and then processed (media `ready`, polled in the database; at most BENCH_PROCESS_WAIT s
// after the end, default 1800; 0 stops once every photo is acknowledged). Photos are 150-300 KB synthetic JPEGs, each with a comment segment of its own (photos are
// named by hash). The server runs with its defaults (IMAGE_WORKERS, EXAM_GRACE_SECONDS... from the
// environment); its event-loop delay and the connections it takes in (nginx's new ones, behind nginx) are
// counted once a second by a preloaded probe (bench/event-loop-probe.ts). BENCH_CPU_PROF=<folder> writes the
// server's CPU profile there. BENCH_PROCESSES=2 runs two server processes behind nginx, as bench/exam.ts does
// (exam-common.ts, startServers). DATABASE_URL names the PostgreSQL server
// (default 127.0.0.1:5432 over TCP; on one machine production connects over its Unix socket, docs/operations.md:
// DATABASE_URL='postgres://postgres@localhost/postgres?host=/var/run/postgresql'). Prints a summary and a table per N.
// The students run in BENCH_WORKERS load generator threads (default 4, at nice -10: bench/load-workers.ts;
// each page's rules in bench/exam-end-page.ts, a thread's share in bench/exam-end-students.ts); the run is
// VALID only when every thread's event-loop delay p99 stayed under 100 ms.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import {
  ADMIN_URL,
  acceptQueues,
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
import {
  BURST_FROM,
  BURST_SPREAD,
  DELIVERY_WAIT,
  END_IN,
  flagsAt,
  PHOTOS,
  PROCESS_WAIT,
  PROGRESS_FIELDS,
  sleep,
  Tally,
} from './exam-end-page.ts';
import type { EndInput, EndResult, ReportedPhoto } from './exam-end-students.ts';
import {
  deal,
  localTime,
  loopVerdict,
  SERVED_FIRST_NICE,
  startWorkers,
  workerCount,
} from './load-workers.ts';
import { phonePhotos } from './photo.ts';

/**
 * The generator's threads at the end, at SERVED_FIRST_NICE (BENCH_GENERATOR_NICE overrides it). At the seed's
 * exam on two cores, two threads at the servers' priority had an event-loop delay p99 of 265 to 382 ms; four at
 * nice -10 stayed under 50 ms (docs/performance.md, "The generator served first").
 */
const THREADS = workerCount(4);

/** Entries by the span of `spanSeconds` (seconds from the end) in which they happened, earliest first. */
function bySpanFromEnd<T extends { at: number }>(
  entries: T[],
  spanSeconds: number,
  sinceEnd: (at: number) => number,
) {
  const spans = new Map<number, T[]>();
  for (const entry of entries) {
    const span = Math.floor(sinceEnd(entry.at) / spanSeconds) * spanSeconds;
    const inSpan = spans.get(span);
    if (inSpan) inSpan.push(entry);
    else spans.set(span, [entry]);
  }
  return [...spans].sort(([a], [b]) => a - b);
}

/** Counts of what the server recorded: commitments, delivered bytes, processed images. */
async function serverState(client: pg.Client) {
  const { rows } = await client.query(
    `select count(*)::int as committed,
            count(*) filter (where p.delivered_at is not null)::int as delivered,
            count(*) filter (where m.status = 'ready')::int as ready,
            count(*) filter (where m.status = 'failed')::int as failed
       from answer_photos p left join media m on m.id = p.media_id
      where not p.late`,
  );
  return rows[0] as { committed: number; delivered: number; ready: number; failed: number };
}

/**
 * The submission mails (decision 068): how many the statement wrote, how many the mail worker sent (to the
 * data folder's files: the bench has no mail server) and when it sent the last, as a wall-clock time.
 */
async function submissionMails(client: pg.Client) {
  const { rows } = await client.query(
    `select count(*)::int as written,
            count(*) filter (where status = 'sent')::int as sent,
            max(sent_at) as "lastSentAt"
       from outbox_mails where render_as = 'examSubmitted'`,
  );
  return rows[0] as { written: number; sent: number; lastSentAt: Date | null };
}

async function runOnce(n: number, bases: Buffer[]) {
  await assertLayoutPortsFree();
  const dbName = `ngso_bench_end_${process.pid}_${n}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ngso-bench-'));
  const loopFile = path.join(dataDir, 'event-loop.jsonl');
  const client = new pg.Client({ connectionString: withDb(ADMIN_URL, dbName) });
  const probe = pathToFileURL(path.resolve('bench/event-loop-probe.ts')).href;
  // With more than one process, each appends its own lines to the probe's file.
  const servers = await startServers(withDb(ADMIN_URL, dbName), dataDir, {
    imports: [probe],
    env: { BENCH_LOOP_FILE: loopFile },
  });
  let threads: ReturnType<typeof startWorkers<EndInput, EndResult>> | undefined;
  // Each thread's progress counts (PROGRESS_FIELDS), then the flag that tells them to stop.
  const shared = new SharedArrayBuffer(4 * (THREADS * PROGRESS_FIELDS.length + 1));
  const counters = new Int32Array(shared);
  const stop = () => Atomics.store(counters, flagsAt(THREADS), 1);
  try {
    await client.connect();
    const tokens = await seedStudents(client, n);
    const questions = (
      await client.query(
        "select q.id from questions q join competitions c on c.id = q.competition_id where c.code = 'ngso-1' and q.category = 'junior' order by q.position",
      )
    ).rows.map((row: { id: string }) => row.id);
    if (questions.length === 0) throw new Error('the junior exam has no questions');

    const numbered = tokens.map((token, number) => ({ token, number }));
    const slices = deal(numbered, THREADS);
    threads = startWorkers<EndInput, EndResult>(
      new URL('./exam-end-students.ts', import.meta.url).href,
      slices.map((slice, row) => ({
        tokens: slice.map((s) => s.token),
        numbers: slice.map((s) => s.number),
        questions,
        bases: bases.map((base) => new Uint8Array(base)),
        progress: shared,
        row,
      })),
      SERVED_FIRST_NICE,
    );
    await threads.ready();
    // Every page is open and has synced its clock.
    await sleep(3000);
    const sum = (field: (typeof PROGRESS_FIELDS)[number]) => {
      const at = PROGRESS_FIELDS.indexOf(field);
      let total = 0;
      for (let row = 0; row < THREADS; row++)
        total += Atomics.load(counters, row * PROGRESS_FIELDS.length + at);
      return total;
    };

    const endWall = Date.now() + END_IN;
    await client.query(
      `update exams set starts_at = $1, ends_at = $2
         where category = 'junior' and competition_id = (select id from competitions where code = 'ngso-1')`,
      [new Date(endWall - 3_600_000), new Date(endWall)],
    );
    threads.tell({ endAt: endWall });
    const end = localTime(endWall);
    const released = end - END_IN;
    const sinceEnd = (at: number) => (at - end) / 1000;
    const burstStart = end - BURST_FROM;

    const loadAtStart = loadAverage();
    const tcpAtStart = tcpCounters();
    // Who used the cores from the release on: the servers and nginx, and this process (its generator threads).
    const cpuAtRelease = { ...servers.cpuSeconds(), bench: process.cpuUsage(), at: performance.now() };
    let maxLoad = 0;
    const trace: Array<{ at: number; committed: number; delivered: number; ready: number }> = [];
    let processedAt: number | undefined;
    let ticks = 0;
    // The most connections waiting at once in each listen queue, and when (s from the end).
    const queued = new Map<number, { waiting: number; at: number }>();
    const monitor = setInterval(() => {
      maxLoad = Math.max(maxLoad, os.loadavg()[0] ?? 0);
      for (const [port, waiting] of acceptQueues())
        if (waiting > (queued.get(port)?.waiting ?? 0))
          queued.set(port, { waiting, at: sinceEnd(performance.now()) });
      if (++ticks % 10 !== 0) return;
      process.stderr.write(
        `${sinceEnd(performance.now()).toFixed(0)} s from the end: taken ${sum('taken')}, committed ${sum('committed')}, acknowledged ${sum('acknowledged')}, lost ${sum('lost')}; load ${loadAverage()}\n`,
      );
    }, 1000);

    // Until every photo is acknowledged or lost, then until the server has processed what it stored.
    await sleep(end - BURST_FROM + BURST_SPREAD - performance.now());
    let total = 0;
    for (;;) {
      await sleep(2000);
      const state = await serverState(client);
      trace.push({ at: performance.now(), ...state });
      const finished = sum('done') === n;
      if (finished && state.ready + state.failed >= state.delivered) {
        processedAt = performance.now();
        total = state.committed;
        break;
      }
      // The wait for the bytes and the wait for their processing end apart: BENCH_PROCESS_WAIT=0 stops once
      // every photo is acknowledged, without cutting the delivery window short.
      if (!finished && performance.now() > end + DELIVERY_WAIT) break;
      if (finished && performance.now() > end + PROCESS_WAIT) break;
    }
    stop();
    clearInterval(monitor);
    const results = await threads.results();
    const tcpAtEnd = tcpCounters();
    const cpuAtStop = servers.cpuSeconds();
    const benchCpu = process.cpuUsage(cpuAtRelease.bench);
    const cpuLine = `CPU from the release to the stop (${((performance.now() - cpuAtRelease.at) / 1000).toFixed(0)} s of ${os.availableParallelism()} cores' time each): server processes ${(cpuAtStop.processes - cpuAtRelease.processes).toFixed(1)} s, nginx ${(cpuAtStop.nginx - cpuAtRelease.nginx).toFixed(1)} s, the load generator (this process) ${((benchCpu.user + benchCpu.system) / 1e6).toFixed(1)} s`;
    const final = await serverState(client);
    const mails = await submissionMails(client);
    total = final.committed;
    const local = (at: number | undefined) => (at === undefined ? undefined : localTime(at));
    const tally = new Tally();
    for (const result of results) {
      tally.samples.push(...result.samples.map((s) => ({ ...s, at: localTime(s.at) })));
      tally.retryAfters.push(...result.retryAfters.map((r) => ({ ...r, at: localTime(r.at) })));
      for (const [what, count] of result.statuses)
        tally.statuses.set(what, (tally.statuses.get(what) ?? 0) + count);
    }
    const verdict = loopVerdict(results.map((r) => r.loopDelay));

    // --- the report -----------------------------------------------------------------------------
    const photos: ReportedPhoto[] = results.flatMap((result) =>
      result.photos.map((p) => ({
        ...p,
        takenAt: localTime(p.takenAt),
        committedAt: local(p.committedAt),
        acknowledgedAt: local(p.acknowledgedAt),
        lostAt: local(p.lostAt),
      })),
    );
    const acknowledged = photos.filter((p) => p.acknowledgedAt !== undefined);
    const lost = photos.filter((p) => p.lost);
    const reasons = new Map<string, number>();
    for (const p of lost) {
      const reason = p.lost ?? '';
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
    const committedLate = photos.filter((p) => p.committedAt !== undefined && p.committedAt > end).length;
    const lastAck = Math.max(...acknowledged.map((p) => p.acknowledgedAt as number));
    const firstTaken = Math.min(...photos.map((p) => p.takenAt));
    const allAcknowledged = acknowledged.length === photos.length;
    const firstReady = trace.find((t) => t.ready >= total && total > 0);
    // Acknowledgements per second: the busiest second, the busiest 10 s, and from the first photo to the last.
    const perSecond = new Map<number, number>();
    for (const p of acknowledged) {
      const second = Math.floor(((p.acknowledgedAt as number) - released) / 1000);
      perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
    }
    const seconds1 = [...perSecond.keys()];
    let peak10 = 0;
    for (const from of seconds1) {
      let sum = 0;
      for (let s = from; s < from + 10; s++) sum += perSecond.get(s) ?? 0;
      peak10 = Math.max(peak10, sum / 10);
    }
    const peak1 = Math.max(0, ...perSecond.values());
    const average = acknowledged.length / ((lastAck - firstTaken) / 1000);

    // The burst: from the first possible photo until every photo is acknowledged (and the submissions are in).
    const burstEnd = Math.max(allAcknowledged ? lastAck : end + DELIVERY_WAIT, end + 60_000);
    const inBurst = tally.samples.filter((s) => s.at >= burstStart && s.at <= burstEnd);
    const calls = ['POST answers', 'GET answers', 'GET time', 'POST submit', 'PUT photo'];
    const table = [...calls, 'all JSON'].map((call) => {
      const of = inBurst.filter((s) => (call === 'all JSON' ? s.call !== 'PUT photo' : s.call === call));
      const times = of.map((s) => s.ms).sort((a, b) => a - b);
      return {
        N: n,
        call,
        requests: of.length,
        'not 2xx': of.filter((s) => !s.ok).length,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        p99: percentile(times, 99),
        max: Math.round(times.at(-1) ?? 0),
      };
    });
    const serverLoop = readFileSync(loopFile, 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(
        (line) =>
          JSON.parse(line) as {
            at: number;
            p99: number;
            max: number;
            connections: number;
            commitMs: number[];
            openCommits?: number;
            oldestOpenMs?: number;
            abandonedCommits?: number;
          },
      );
    const wallOf = (at: number) => Date.now() - (performance.now() - at);
    const perfOf = (wall: number) => wall - wallOf(0);
    const loopInBurst = serverLoop.filter((l) => l.at >= wallOf(burstStart) && l.at <= wallOf(burstEnd));
    const loopP99s = loopInBurst.map((l) => l.p99).sort((a, b) => a - b);
    // Where a commitment's time went: inside the server (headers read to answer sent), the rest before it.
    const commitsInServer = serverLoop.flatMap((l) => l.commitMs).sort((a, b) => a - b);
    const commitsAtPhone = tally.samples
      .filter((s) => s.call === 'POST answers')
      .map((s) => s.ms)
      .sort((a, b) => a - b);
    // Each photo from the moment it was taken to its commitment stored, every attempt included (a commitment
    // refused with 503 and sent again counts once here, with its wait, where the calls above count each try).
    const takenToCommitted = photos
      .filter((p) => p.committedAt !== undefined)
      .map((p) => (p.committedAt as number) - p.takenAt)
      .sort((a, b) => a - b);
    // The new connections the server took in (behind nginx, nginx's own), by the 5 s in which it took them in.
    const connectionsInBurst = loopInBurst.reduce((sum, l) => sum + l.connections, 0);
    const connectionsBySpan = bySpanFromEnd(
      loopInBurst.map((l) => ({ at: perfOf(l.at), connections: l.connections })),
      5,
      sinceEnd,
    )
      .map(([span, seconds]) => [span, seconds.reduce((sum, l) => sum + l.connections, 0)] as const)
      .filter(([, count]) => count > 0)
      .map(([span, count]) => `${span}: ${count}`);

    // When the slow JSON calls were sent, to set beside the server's and the machine's own records.
    const slowJson = bySpanFromEnd(
      inBurst.filter((s) => s.call !== 'PUT photo' && s.ms > 1000),
      5,
      sinceEnd,
    ).map(([second, calls]) => `${second}: ${calls.length}`);
    // When the photos turned away were told to come back: by the 10 s in which they were refused.
    const retryAfters = bySpanFromEnd(tally.retryAfters, 10, sinceEnd).map(([second, refused]) => {
      const sorted = refused.map((r) => r.seconds).sort((a, b) => a - b);
      return `${second}: ${sorted.length} (${percentile(sorted, 50)} / ${sorted.at(-1)} s)`;
    });

    // How often the same photo was turned away: a line that counts refusals, not photos, sends some many times.
    const timesTurnedAway = new Map<number, number>();
    for (const p of photos) timesTurnedAway.set(p.turnedAway, (timesTurnedAway.get(p.turnedAway) ?? 0) + 1);
    const turnedAwayCounts = [...timesTurnedAway]
      .filter(([times]) => times > 0)
      .sort(([a], [b]) => a - b)
      .map(([times, count]) => `${times}x: ${count}`);

    const statuses = [...tally.statuses.entries()].sort().map(([k, v]) => `${k}: ${v}`);
    console.log(
      `\nN = ${n} students x ${PHOTOS} photos, starts spread over ${BURST_SPREAD / 1000} s from ${BURST_FROM / 1000} s before the end`,
    );
    console.log(
      [
        `answers attempted (photos): ${photos.length}; commitments stored: ${total} (${committedLate} of them committed in the grace after the end); photos lost: ${lost.length}${lost.length ? ` (${[...reasons].map(([r, c]) => `${r}: ${c}`).join('; ')})` : ''}`,
        ...lost
          .slice(0, 5)
          .map(
            (p) =>
              `  lost: taken ${sinceEnd(p.takenAt).toFixed(1)} s from the end, given up ${sinceEnd(p.lostAt ?? 0).toFixed(1)} s from the end: ${p.lost}`,
          ),
        `in the database: ${n * PHOTOS - final.committed} photos never committed, ${final.committed - final.delivered} committed but not delivered when the bench stopped`,
        `submission mails: ${mails.written} written, ${mails.sent} sent${mails.lastSentAt ? `, the last ${sinceEnd(perfOf(mails.lastSentAt.getTime())).toFixed(0)} s after the end` : ''}`,
        `bytes acknowledged: ${acknowledged.length} (${acknowledged.filter((p) => (p.acknowledgedAt as number) > end).length} after the end); recorded as delivered in the database: ${final.delivered}; processed: ${final.ready} ready, ${final.failed} failed`,
        `every photo acknowledged ${allAcknowledged ? `${sinceEnd(lastAck).toFixed(1)} s after the end` : 'NOT (the bench stopped waiting)'}; every photo processed ${firstReady ? `${sinceEnd(firstReady.at).toFixed(0)} s after the end (polled every 2 s)` : processedAt ? 'yes' : 'NOT (the bench stopped waiting)'}`,
        `acknowledged uploads per second: peak ${peak1} (busiest second), ${peak10.toFixed(0)} (busiest 10 s); average ${average.toFixed(0)} (first photo taken to last acknowledged)`,
        `429: ${tally.of('PUT photo 429')}, 503: ${tally.of('PUT photo 503')}, stalled (30 s without progress): ${tally.ofKind('PUT photo stalled')}; all refusals and failures: ${statuses.join(', ') || 'none'}`,
        `commitments (POST answers), p50 / p99 / max: at the phone ${percentile(commitsAtPhone, 50)} / ${percentile(commitsAtPhone, 99)} / ${Math.round(commitsAtPhone.at(-1) ?? 0)} ms; inside the server (headers read to answer sent) ${percentile(commitsInServer, 50)} / ${percentile(commitsInServer, 99)} / ${commitsInServer.at(-1) ?? 0} ms (the rest: before the server read it)`,
        `each photo from taken to committed (every attempt included), p50 / p99 / max: ${percentile(takenToCommitted, 50)} / ${percentile(takenToCommitted, 99)} / ${Math.round(takenToCommitted.at(-1) ?? 0)} ms`,
        `commitments read by a process and not answered (each process, once a second): most at once in one ${Math.max(0, ...serverLoop.map((l) => l.openCommits ?? 0))}, the oldest ${Math.max(0, ...serverLoop.map((l) => l.oldestOpenMs ?? 0))} ms; given up on by the phone or nginx before their answer: ${serverLoop.reduce((sum, l) => sum + (l.abandonedCommits ?? 0), 0)}`,
        `server event loop delay during the burst: p99 of the per-second p99s ${percentile(loopP99s, 99)} ms, worst second's p99 ${Math.round(loopP99s.at(-1) ?? 0)} ms, max ${Math.round(Math.max(0, ...loopInBurst.map((l) => l.max)))} ms`,
        `load average at the release ${loadAtStart}, highest 1-min ${maxLoad.toFixed(2)}, at the end of the run ${loadAverage()}; listen queue overflows ${tcpAtEnd.overflows - tcpAtStart.overflows}, SYNs sent again ${tcpAtEnd.synRetransmits - tcpAtStart.synRetransmits} (machine-wide)`,
        `listen queues, the most connections waiting at once to be taken in (sampled each second; port: count at s from the end): ${
          [...queued]
            .sort(([a], [b]) => a - b)
            .map(([port, { waiting, at }]) => `${port}: ${waiting} at ${at.toFixed(0)}`)
            .join(', ') || 'none waiting'
        }`,
        cpuLine,
        verdict.line,
      ].join('\n'),
    );
    console.table(table);
    console.log(
      `connections the server took in during the burst: ${connectionsInBurst}; by the 5 s in which it took them in (s from the end): ${connectionsBySpan.join('  ') || 'none'}`,
    );
    console.log(
      `JSON calls over 1 s, by the 5 s in which they were sent (s from the end): ${slowJson.join('  ') || 'none'}`,
    );
    console.log(
      `photos turned away (503), by the 10 s in which they were refused (s from the end): count (median / longest Retry-After): ${retryAfters.join('  ') || 'none'}`,
    );
    console.log(
      `photos turned away at least once: ${photos.filter((p) => p.turnedAway > 0).length} (by how many times: ${turnedAwayCounts.join(', ') || 'none'})`,
    );
    const said = nginxSaid(servers.nginx);
    if (said) console.log(`nginx:\n  ${said}`);
    console.log('progress after the end (s: committed / delivered / processed):');
    console.log(
      trace
        .filter((_, i) => i % 5 === 0)
        .map((t) => `${sinceEnd(t.at).toFixed(0)}: ${t.committed}/${t.delivered}/${t.ready}`)
        .join('  '),
    );
  } finally {
    stop();
    await threads?.stop();
    await servers.stop();
    await client.end().catch(() => {});
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function endOfExam(sizes: number[]) {
  const bases = await phonePhotos();
  const kb = bases.map((b) => Math.round(b.length / 1024));
  console.log(
    `End-of-exam benchmark on ${os.cpus().length} cores (${os.cpus()[0]?.model}), ${new Date().toISOString()}; ${THREADS} load generator threads; ${PHOTOS} photos per student, ${Math.min(...kb)} to ${Math.max(...kb)} KB; the end ${END_IN / 1000} s after the release; ${LAYOUT}; load average ${loadAverage()}`,
  );
  for (const n of sizes.length ? sizes : [2000]) await runOnce(n, bases);
}
