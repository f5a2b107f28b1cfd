// Preloaded into the server by the end-of-exam benchmark (node --import): once a second, the event loop's
// delay over that second (p99 and max, ms) and the connections the process took in during it (nginx's new
// connections to it, behind nginx), as a JSON line appended to BENCH_LOOP_FILE.
import { channel } from 'node:diagnostics_channel';
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * Node's channel for each connection a server takes in, held at the module's top: a channel nothing holds may
 * be collected with its subscriber (the bench's run 80 lost its count that way).
 */
const accepted = channel('net.server.socket');

const file = process.env.BENCH_LOOP_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let connections = 0;
  accepted.subscribe(() => {
    connections++;
  });
  setInterval(() => {
    const line = { at: Date.now(), p99: delay.percentile(99) / 1e6, max: delay.max / 1e6, connections };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
    delay.reset();
    connections = 0;
  }, 1000).unref();
}
