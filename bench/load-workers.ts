// The load generator's own threads (issue 40). One event loop simulating thousands of phones became the
// bottleneck it was meant to measure: its timers fired late and the server's times looked longer than they
// were. So the exam benches run their students in several worker threads (BENCH_WORKERS, default the cores
// there are, at least 2), each measuring its own event-loop delay; a run counts only when every thread's
// delay p99 stays under VALID_LOOP_DELAY_P99_MS. Times cross threads as wall-clock milliseconds (`epochNow`):
// each thread's performance.now() counts from its own origin.
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parentPort, Worker, workerData } from 'node:worker_threads';

/** How many generator threads: BENCH_WORKERS, else the scenario's default (`fallback`). */
export function workerCount(fallback: number) {
  const count = Number(process.env.BENCH_WORKERS ?? fallback);
  if (!Number.isInteger(count) || count < 1) throw new Error('BENCH_WORKERS must be 1 or more');
  return count;
}
/** The start's threads: one per core, at least 2. */
export const WORKERS = workerCount(Math.max(2, os.availableParallelism()));

/**
 * The CPU priority (nice) each generator thread asks for: BENCH_GENERATOR_NICE, else the scenario's default
 * (`defaultNice` of `startWorkers`). The generator stands for thousands of phones, each with a CPU of its own;
 * on the server's own two cores it would otherwise wait for a core behind the server it measures, and time
 * that wait as the server's. At a higher priority it is served first and the server gets what is left: the
 * server is measured with less than the whole machine, never more. At the end's photos the generator at the
 * server's priority fell behind its own pages (their 30 s watchdogs fired on answers it had not read, and
 * the connections it opened again overflowed the listen queues), which the server's times then included
 * (docs/performance.md, "The generator served first"); so both scenarios ask for nice -10. Needs the right to
 * raise priority (root); without it the thread keeps the priority it inherited, and the verdict line says so.
 * Priorities count only inside one session's group of processes (the kernel's autogroups): the generator
 * and the servers it starts are in one.
 */
function generatorNice(defaultNice: number) {
  const nice = Number(process.env.BENCH_GENERATOR_NICE ?? defaultNice);
  if (!Number.isInteger(nice)) throw new Error('BENCH_GENERATOR_NICE must be an integer');
  return nice;
}

/** The priority both exam scenarios ask for: the generator served before the servers it measures (above). */
export const SERVED_FIRST_NICE = -10;

/** A run is valid only when the load generator's every thread kept its event-loop delay p99 under this. */
export const VALID_LOOP_DELAY_P99_MS = 100;

/** A thread's event-loop delay over a run, in ms, and the priority (nice) it ran at. */
export type LoopDelay = { p99: number; max: number; nice: number };

/** This moment as wall-clock milliseconds with performance.now()'s precision, comparable across threads. */
export const epochNow = () => performance.timeOrigin + performance.now();
/** A wall-clock moment (`epochNow`) as this thread's performance.now(). */
export const localTime = (epoch: number) => epoch - performance.timeOrigin;
/** This thread's performance.now() moment as wall-clock milliseconds. */
export const epochOf = (local: number) => local + performance.timeOrigin;

/**
 * Measures this thread's event-loop delay from now on (10 ms resolution). Node's histogram records a turn's
 * delay from its second timer tick on: start it a few ticks before what is measured, or a long first turn
 * is missed (a thread that reported 0 ms had spent its release in that first turn).
 */
export function loopDelayMeter() {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  return {
    read(): LoopDelay {
      return { p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6, nice: os.getPriority() };
    },
    stop() {
      histogram.disable();
    },
  };
}

/** `items` dealt into `parts` slices in turn (student i to slice i mod parts), empty slices left out. */
export function deal<T>(items: T[], parts: number): T[][] {
  const slices = Array.from({ length: parts }, () => [] as T[]);
  for (const [i, item] of items.entries()) slices[i % parts]?.push(item);
  return slices.filter((slice) => slice.length > 0);
}

/** What a worker thread is given: its input, and the priority it is to run at. */
type Carried<Input> = { input: Input; nice: number };

type FromWorker = { kind: 'ready' } | { kind: 'result'; value: unknown } | { kind: 'error'; message: string };

/**
 * Worker threads running the TypeScript module `moduleUrl`, one per input (its `workerData`). The module
 * uses `workerSide()`. `ready()` resolves once each has said it is ready, `tell()` sends all of them a
 * message, `results()` resolves with each one's result, in the order of the inputs.
 */
export function startWorkers<Input, Result>(moduleUrl: string, inputs: Input[], defaultNice = 0) {
  const nice = generatorNice(defaultNice);
  // A worker thread does not inherit tsx's loader: the worker registers it, then imports the module.
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(moduleUrl)}); })`;
  const workers = inputs.map(
    (input) => new Worker(boot, { eval: true, workerData: { input, nice } satisfies Carried<Input> }),
  );
  const readies: Promise<void>[] = [];
  const results = workers.map(
    (worker, i) =>
      new Promise<Result>((resolve, reject) => {
        let ready: () => void = () => {};
        readies[i] = new Promise<void>((r) => {
          ready = r;
        });
        worker.on('message', (message: FromWorker) => {
          if (message.kind === 'ready') ready();
          else if (message.kind === 'result') resolve(message.value as Result);
          else reject(new Error(`load generator thread ${i}: ${message.message}`));
        });
        worker.on('error', (error) => reject(error));
        worker.on('exit', (code) =>
          reject(new Error(`load generator thread ${i} exited (${code}) without a result`)),
        );
      }),
  );
  // A thread that fails before it is ready (its set-up before the start) fails `ready()` with its own error,
  // instead of an unhandled rejection that ends the bench without saying why.
  const failed = Promise.all(results).then(() => new Promise<never>(() => {}));
  failed.catch(() => {});
  return {
    ready: () => Promise.race([Promise.all(readies).then(() => undefined), failed]),
    tell: (message: unknown) => {
      for (const worker of workers) worker.postMessage(message);
    },
    results: () => Promise.all(results),
    stop: () => Promise.all(workers.map((worker) => worker.terminate())),
  };
}

/** The worker's half: its input, and the calls that answer `startWorkers`. */
export function workerSide<Input>() {
  const port = parentPort;
  if (!port) throw new Error('this module runs in a worker thread (bench/load-workers.ts)');
  const carried = workerData as Carried<Input>;
  try {
    // On Linux a thread has its own priority: this sets the calling (this worker's) thread's only.
    if (carried.nice !== os.getPriority()) os.setPriority(carried.nice);
  } catch {
    // Not allowed to raise it: the thread runs at the priority it inherited (the verdict line shows which).
  }
  return {
    input: carried.input,
    ready: () => port.postMessage({ kind: 'ready' } satisfies FromWorker),
    /** Calls `handler` with each message the main thread tells. */
    onMessage: (handler: (message: unknown) => void) => port.on('message', handler),
    /** Runs `work` and sends its result (or its error) to the main thread (which then ends the thread). */
    async finish(work: () => Promise<unknown>) {
      try {
        port.postMessage({ kind: 'result', value: await work() } satisfies FromWorker);
      } catch (error) {
        port.postMessage({
          kind: 'error',
          message: String((error as Error).stack ?? error),
        } satisfies FromWorker);
      }
    },
  };
}

/**
 * The load generator's verdict on a run: its threads' worst event-loop delay, and whether the run is valid
 * (every thread's p99 under VALID_LOOP_DELAY_P99_MS); a run that is not measured the generator, not the server.
 */
export function loopVerdict(delays: LoopDelay[]) {
  const worstP99 = Math.max(0, ...delays.map((d) => d.p99));
  const worstMax = Math.max(0, ...delays.map((d) => d.max));
  const valid = worstP99 < VALID_LOOP_DELAY_P99_MS;
  return {
    valid,
    line: `load generator: ${delays.length} thread${delays.length === 1 ? '' : 's'} at nice ${[...new Set(delays.map((d) => d.nice))].join(' / ')}, event-loop delay p99 ${delays.map((d) => d.p99.toFixed(0)).join(' / ')} ms (worst ${worstP99.toFixed(0)} ms, max ${worstMax.toFixed(0)} ms): ${valid ? 'VALID' : `INVALID (a thread's p99 at or over ${VALID_LOOP_DELAY_P99_MS} ms: the generator, not the server, was measured)`}`,
  };
}
