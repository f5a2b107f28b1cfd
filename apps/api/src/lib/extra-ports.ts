import type { Server as HttpServer } from 'node:http';
import net from 'node:net';

/** The distance between a process's ports (PORTS_PER_PROCESS). */
export const PORT_STEP = 100;

/** The ports a process listens on besides PORT: PORT + 100, PORT + 200, ... (PORTS_PER_PROCESS). */
export function extraPorts(port: number, portsPerProcess: number): number[] {
  return Array.from({ length: portsPerProcess - 1 }, (_, i) => port + PORT_STEP * (i + 1));
}

/**
 * Listens on more ports for the same HTTP server: every connection accepted on them is served as one on
 * PORT. Node.js 20's libuv takes in one new connection per turn of the event loop on each listening socket
 * (libuv pull request 3696), so at the exam's end, when the photos coming back at their moments make nginx
 * open hundreds of connections within a second, they waited seconds in one listen queue, and the students'
 * calls with them (decision 059). nginx spreads its connections over every port of the process. Resolves
 * once all listen; `close` stops taking in connections on them (those taken in close with the HTTP server's).
 */
export async function listenOnExtraPorts(
  server: HttpServer,
  ports: number[],
  options: { host: string; backlog: number },
): Promise<{ close: () => void }> {
  const listeners: net.Server[] = [];
  const close = () => {
    for (const listener of listeners) listener.close();
  };
  try {
    for (const port of ports) {
      const listener = net.createServer((socket) => server.emit('connection', socket));
      await new Promise<void>((resolve, reject) => {
        listener.once('error', reject);
        listener.listen({ port, host: options.host, backlog: options.backlog }, () => {
          listener.off('error', reject);
          resolve();
        });
      });
      listeners.push(listener);
    }
  } catch (err) {
    close();
    throw err;
  }
  return { close };
}
