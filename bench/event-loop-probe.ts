// Preloaded into the server by the end-of-exam benchmark (node --import): once a second, the event loop's
// delay over that second (p99 and max, ms) as a JSON line appended to BENCH_LOOP_FILE.
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_LOOP_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  setInterval(() => {
    const line = { at: Date.now(), p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
    delay.reset();
  }, 1000).unref();
}
