import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { extraPorts, listenOnExtraPorts } from './extra-ports.ts';

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** An HTTP server on a free port that answers which request of its own each one was. */
async function countingServer() {
  let count = 0;
  const server = http.createServer((_request, response) => {
    count += 1;
    response.end(String(count));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** A port free now (the system's choice, released at once). */
async function freePort() {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const get = async (port: number) => (await fetch(`http://127.0.0.1:${port}/`)).text();

/** Whether a new connection to the port is taken in (fetch would reuse one it keeps open). */
const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

describe('extraPorts', () => {
  it('puts the ports beyond the first 100 apart from PORT', () => {
    expect(extraPorts(3001, 1)).toEqual([]);
    expect(extraPorts(3001, 4)).toEqual([3101, 3201, 3301]);
  });
});

describe('listenOnExtraPorts', () => {
  it('serves the connections of every extra port with the same server, until closed', async () => {
    const { server, port } = await countingServer();
    const [one, two] = [await freePort(), await freePort()];
    const extra = await listenOnExtraPorts(server, [one, two], { host: '127.0.0.1', backlog: 16 });

    expect([await get(port), await get(one), await get(two), await get(port)]).toEqual(['1', '2', '3', '4']);
    extra.close();
    expect([await accepts(one), await accepts(two), await accepts(port)]).toEqual([false, false, true]);
  });

  it('refuses to start on a port that is taken, leaving none of its ports open', async () => {
    const { server } = await countingServer();
    const { port: taken } = await countingServer();
    const free = await freePort();
    await expect(
      listenOnExtraPorts(server, [free, taken], { host: '127.0.0.1', backlog: 16 }),
    ).rejects.toMatchObject({ code: 'EADDRINUSE' });
    expect(await accepts(free)).toBe(false);
  });
});
