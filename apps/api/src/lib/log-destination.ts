import pino from 'pino';

/**
 * Where the server's log lines go: standard output (or a file), written in pieces of at least 4 KB instead of
 * one write per line. At the exam's start every call writes a line, and one system call per line cost more
 * than the line itself (decision 044). A quiet server's lines are written within `flushEveryMs`; pino writes
 * what is left when the process exits, however it exits, except by SIGKILL or a power cut (at most a second).
 */
export function bufferedLogDestination(dest: number | string = 1, flushEveryMs = 1000) {
  const destination = pino.destination({ dest, sync: false, minLength: 4096 });
  // With a callback, a flush of a closed destination reports its error there instead of throwing.
  const timer = setInterval(() => destination.flush(() => {}), flushEveryMs).unref();
  destination.on('close', () => clearInterval(timer));
  return destination;
}
