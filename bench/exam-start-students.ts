// The students of the exam's start (bench/exam.ts), run in a load generator thread (bench/load-workers.ts):
// each thread downloads its students' papers before the start (design `paper`), says it is ready, and at the
// start moment releases all of its students at once; it answers with every call's time and its event-loop
// delay over the release.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import pLimit from 'p-limit';
import { connectionsOpened, headersOf, type Reply, send as sendWith } from './exam-common.ts';
import { epochNow, type LoopDelay, localTime, loopDelayMeter, workerSide } from './load-workers.ts';

export type StartInput = {
  tokens: string[];
  design: 'paper' | 'today' | 'fallback';
  warm: boolean;
  /** The start instant (wall-clock ms): the exam's starts_at. */
  startAt: number;
  /** Students of this thread in flight at once (Infinity: all). */
  inFlight: number;
  startPhotos: boolean;
  firstQuestion: string;
  photo: Uint8Array;
  photoHash: string;
};

/** One call's time; a failed one says how (its HTTP status, or the connection's error code). */
export type Sample = { call: string; ms: number; ok: boolean; failure?: string };

export type StartResult = {
  samples: Sample[];
  refused: number;
  /** Wall-clock moments: the release, the last answer stored, the last page that had its questions. */
  began: number;
  /** How long this thread took to start every one of its students' pages (ms). */
  releaseMs: number;
  lastStored: number;
  questionsShown: number;
  /** Papers the countdown pages could not download before the start. */
  missingPapers: number;
  loopDelay: LoopDelay;
  /** Connections its pages opened from the release on (none when every page's were open before). */
  connectionsAtRelease: number;
  /** How long this thread was busy (its event loop's active time) from the release to its last answer, ms. */
  busyMs: number;
};

/**
 * Pages started per turn of this thread's event loop at the release. Every page is started before any answer
 * is awaited (no page waits for another's), but a thread that starts 2,500 in one turn reads no answer for
 * 150 to 200 ms, and its times then measure the thread (issue 40); between slices it reads what has arrived.
 */
const RELEASE_SLICE = 100;

/** The page's spread of its first save over the window's first seconds (apps/web/src/lib/time-sync.ts). */
const FIRST_SAVE_SPREAD_MS = 2000;

const failureOf = (err: unknown) => String((err as { code?: string }).code ?? (err as Error).message ?? err);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** A multipart body with one file in the field `file`, as a browser's FormData sends it. */
function multipartBody(photo: Buffer) {
  const boundary = `----ngsobench${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="answer.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), photo, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const side = workerSide<StartInput>();
const input = side.input;
const photo = Buffer.from(input.photo);
/** The students' connections: keep-alive, one per request in flight, none closed for being idle. */
const agent = new http.Agent({ keepAlive: true, maxFreeSockets: Number.POSITIVE_INFINITY });
const send = (method: string, url: string, headers: Record<string, string>, body?: Buffer) =>
  sendWith(agent, method, url, headers, body);
const samples: Sample[] = [];
const refused = { count: 0 };
let lastStored = 0;
let questionsShown = 0;

/**
 * One sample of a JSON call, from the moment its request was on its way (not from when this thread began
 * to build it) to its whole answer.
 */
async function timed(call: string, run: () => Promise<Reply>) {
  const started = performance.now();
  try {
    const reply = await run();
    const failure = reply.ok ? undefined : String(reply.status);
    samples.push({ call, ms: performance.now() - reply.sentAt, ok: reply.ok, failure });
    return reply.ok ? reply.body : undefined;
  } catch (err) {
    samples.push({ call, ms: performance.now() - started, ok: false, failure: failureOf(err) });
    return undefined;
  }
}

/**
 * An upload as the exam page sends it (apps/web/src/features/exam/answer-queue.ts): a 503 is tried again
 * after 1, 2, 4... s (at most 30 s), each with jitter, for up to ten minutes. One sample from the first try
 * to the answer; the 503s are counted apart.
 */
async function uploadWithRetry(run: () => Promise<Reply>, call: string) {
  const started = performance.now();
  for (let attempt = 0; ; attempt++) {
    try {
      const reply = await run();
      if (reply.status === 503 && performance.now() - started < 600_000) {
        refused.count += 1;
        const ceiling = Math.min(30_000, 1000 * 2 ** attempt);
        await sleep(ceiling / 2 + (ceiling / 2) * Math.random());
        continue;
      }
      const failure = reply.ok ? undefined : String(reply.status);
      samples.push({ call, ms: performance.now() - started, ok: reply.ok, failure });
      return reply.ok ? reply.body : undefined;
    } catch (err) {
      samples.push({ call, ms: performance.now() - started, ok: false, failure: failureOf(err) });
      return undefined;
    }
  }
}

/** The previous design: at zero the page asks for the exam, the questions and its answers, then uploads. */
async function today(token: string) {
  const { headers, post } = headersOf(token);
  const upload = multipartBody(photo);
  await timed('GET exam', () => send('GET', '/api/v1/ngso-1/exam', headers));
  const questions = await timed('GET questions', () =>
    send('GET', '/api/v1/ngso-1/questions?category=junior', headers),
  );
  await timed('GET answers', () => send('GET', '/api/v1/ngso-1/answers', headers));
  const stored = await uploadWithRetry(
    () => send('POST', '/api/v1/upload', { ...post, 'content-type': upload.contentType }, upload.body),
    'POST upload',
  );
  const questionId = (questions?.data as Array<{ id?: string }> | undefined)?.[0]?.id;
  if (!stored?.url || !questionId) return;
  const saved = await timed('POST answers', () =>
    send(
      'POST',
      '/api/v1/ngso-1/answers',
      { ...post, 'content-type': 'application/json' },
      Buffer.from(JSON.stringify({ question_id: questionId, image_urls: [stored.url], version: 0 })),
    ),
  );
  if (saved) lastStored = epochNow();
}

/**
 * A page without the paper (a late visit, a reload, 5 % of pages): the three calls it makes at zero,
 * each a JSON call of its own, and nothing saved.
 */
async function fallback(token: string) {
  // The page's browser asks for compressed answers, as every browser does (the questions are built compressed).
  const headers = { ...headersOf(token).headers, 'accept-encoding': 'br, gzip' };
  await Promise.all([
    timed('GET exam', () => send('GET', '/api/v1/ngso-1/exam', headers)),
    timed('GET questions', () => send('GET', '/api/v1/ngso-1/questions?category=junior', headers)),
    timed('GET answers', () => send('GET', '/api/v1/ngso-1/answers', headers)),
  ]);
  questionsShown = epochNow();
}

/** The paper design: the key at zero (asked again shortly while 404), then a photo committed and delivered. */
async function withPaper(token: string) {
  const { post } = headersOf(token);
  let key: unknown;
  for (let attempt = 0; key === undefined && attempt < 20; attempt++) {
    if (attempt > 0) await sleep(250 + 250 * Math.random());
    key = await timed('GET paper-key', () =>
      send('GET', '/api/v1/ngso-1/paper-key/junior', { accept: 'application/json' }),
    );
  }
  if (key === undefined) return;
  questionsShown = epochNow();
  if (!input.startPhotos) return;
  await sleep(Math.random() * FIRST_SAVE_SPREAD_MS);
  const saved = await timed('POST answers', () =>
    send(
      'POST',
      '/api/v1/ngso-1/answers',
      { ...post, 'content-type': 'application/json' },
      Buffer.from(
        JSON.stringify({
          question_id: input.firstQuestion,
          images: [{ sha256: input.photoHash, size: photo.length }],
          version: 0,
        }),
      ),
    ),
  );
  if (saved) lastStored = epochNow();
  await uploadWithRetry(
    () =>
      send(
        'PUT',
        `/api/v1/ngso-1/answer-photos/${input.photoHash}`,
        { ...post, 'content-type': 'image/jpeg' },
        photo,
      ),
    'PUT photo',
  );
}

/** Before the start: the countdown pages download the paper (or load the exam), each at its own moment. */
async function beforeTheStart() {
  if (input.design === 'paper') {
    // Spread over the 25 s before the start (the page spreads them over 15 min); the connection stays open
    // (the time sync every 50 s keeps it) unless the students connect at the start.
    const before = input.warm ? agent : new http.Agent({ keepAlive: false });
    const downloaded = await Promise.all(
      input.tokens.map(async (token) => {
        await sleep(Math.random() * Math.max(0, localTime(input.startAt) - performance.now() - 5000));
        const reply = await sendWith(before, 'GET', '/api/v1/ngso-1/paper', {
          cookie: `ngso_session=${token}`,
          accept: 'application/json',
          'accept-encoding': 'br',
        });
        return reply.ok;
      }),
    );
    if (!input.warm) before.destroy();
    return downloaded.filter((ok) => !ok).length;
  }
  if (input.warm) {
    // As many connections per page as it makes calls at once at zero: the open exam page's browser holds
    // them already (its scripts and images came over up to six; over HTTP/2, one carries them all), so the
    // start opens none. With one each, the fallback's three calls opened 10,000 connections at the start,
    // and the listen queues' overflows (a SYN sent again after 1 s, then 3 s) were what it measured.
    // The pages opened over the countdown's minutes, not in one instant: a few hundred at a time here, and a
    // connection that failed to open is simply not there at the start (the page opens it then).
    const connections = input.design === 'fallback' ? 3 : 1;
    const opening = pLimit(300);
    await Promise.all(
      input.tokens.map((token) =>
        opening(() =>
          Promise.allSettled(
            Array.from({ length: connections }, () =>
              send('GET', '/api/v1/ngso-1/exam', {
                cookie: `ngso_session=${token}`,
                accept: 'application/json',
              }),
            ),
          ),
        ),
      ),
    );
  }
  return 0;
}

const pageAtZero = { paper: withPaper, today, fallback };

await side.finish(async (): Promise<StartResult> => {
  const missingPapers = await beforeTheStart();
  side.ready();
  // The meter runs from a little before the release, so that its first turns (which set its clock and
  // record nothing) are not the release's: started at the release, it missed the release's long turn.
  await sleep(localTime(input.startAt) - performance.now() - 50);
  const meter = loopDelayMeter();
  await sleep(localTime(input.startAt) - performance.now() + 50);
  const began = epochNow();
  const utilisationAtRelease = performance.eventLoopUtilization();
  const connectionsBefore = connectionsOpened.count;
  const limit = pLimit(input.inFlight);
  const pages: Promise<void>[] = [];
  for (let first = 0; first < input.tokens.length; first += RELEASE_SLICE) {
    if (first > 0) await new Promise((resolve) => setImmediate(resolve));
    for (const token of input.tokens.slice(first, first + RELEASE_SLICE)) {
      pages.push(limit(() => pageAtZero[input.design](token)));
    }
  }
  const releaseMs = epochNow() - began;
  await Promise.all(pages);
  const busyMs = performance.eventLoopUtilization(utilisationAtRelease).active;
  meter.stop();
  agent.destroy();
  return {
    samples,
    refused: refused.count,
    began,
    releaseMs,
    lastStored,
    questionsShown,
    missingPapers,
    loopDelay: meter.read(),
    busyMs,
    connectionsAtRelease: connectionsOpened.count - connectionsBefore,
  };
});
