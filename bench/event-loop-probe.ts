// Preloaded into the server by the end-of-exam benchmark (node --import): once a second, the event loop's
// delay over that second (p99 and max, ms), the connections the process took in during it (nginx's new
// connections to it, behind nginx), and the time each commitment (POST .../answers) spent inside the process
// that second (from its headers read to its answer sent, ms), as a JSON line appended to BENCH_LOOP_FILE.
// Set beside the commitment's time at the phone, the rest is the time before the process read it: in
// nginx, in the socket, or waiting for the event loop behind other requests' events.
import { channel } from 'node:diagnostics_channel';
import { appendFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * Node's channels for each connection a server takes in and each request it reads and answers, held at the
 * module's top: a channel nothing holds may be collected with its subscriber (the bench's run 80 lost its
 * count that way).
 */
const accepted = channel('net.server.socket');
const requestStart = channel('http.server.request.start');
const responseFinish = channel('http.server.response.finish');

const COMMITMENT = /^\/api\/v1\/[^/]+\/answers(?:\?|$)/;

const file = process.env.BENCH_LOOP_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let connections = 0;
  let commitMs: number[] = [];
  const started = new WeakMap<ServerResponse, number>();
  accepted.subscribe(() => {
    connections++;
  });
  requestStart.subscribe((message) => {
    const { request, response } = message as { request: IncomingMessage; response: ServerResponse };
    if (request.method === 'POST' && COMMITMENT.test(request.url ?? ''))
      started.set(response, performance.now());
  });
  responseFinish.subscribe((message) => {
    const { response } = message as { response: ServerResponse };
    const at = started.get(response);
    if (at !== undefined) commitMs.push(Math.round(performance.now() - at));
  });
  setInterval(() => {
    const line = {
      at: Date.now(),
      p99: delay.percentile(99) / 1e6,
      max: delay.max / 1e6,
      connections,
      commitMs,
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
    delay.reset();
    connections = 0;
    commitMs = [];
  }, 1000).unref();
}
