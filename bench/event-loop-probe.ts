// Preloaded into the server by the end-of-exam benchmark (node --import): once a second, the event loop's
// delay over that second (p99 and max, ms), the connections the process took in during it (nginx's new
// connections to it, behind nginx), and the time each commitment (POST .../answers) spent inside the process
// that second (from its headers read to its answer sent, ms), and the commitments read but not answered at
// that moment (how many, and how long the oldest has waited: one the phone gave up on never finishes, so the
// times above miss it), as a JSON line appended to BENCH_LOOP_FILE.
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
  /** The commitments read and not yet answered, with the moment each was read. */
  const open = new Map<ServerResponse, number>();
  let abandoned = 0;
  accepted.subscribe(() => {
    connections++;
  });
  requestStart.subscribe((message) => {
    const { request, response } = message as { request: IncomingMessage; response: ServerResponse };
    if (request.method === 'POST' && COMMITMENT.test(request.url ?? '')) {
      open.set(response, performance.now());
      // Closed before it finished: the phone (or nginx) gave up on it.
      response.once('close', () => {
        if (open.delete(response)) abandoned++;
      });
    }
  });
  responseFinish.subscribe((message) => {
    const { response } = message as { response: ServerResponse };
    const at = open.get(response);
    if (at === undefined) return;
    commitMs.push(Math.round(performance.now() - at));
    open.delete(response);
  });
  setInterval(() => {
    const line = {
      at: Date.now(),
      p99: delay.percentile(99) / 1e6,
      max: delay.max / 1e6,
      connections,
      commitMs,
      openCommits: open.size,
      oldestOpenMs: Math.round(Math.max(0, ...[...open.values()].map((at) => performance.now() - at))),
      abandonedCommits: abandoned,
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
    delay.reset();
    connections = 0;
    commitMs = [];
    abandoned = 0;
  }, 1000).unref();
}
