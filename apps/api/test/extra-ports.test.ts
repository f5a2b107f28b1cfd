import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORT_STEP } from '../src/lib/extra-ports.ts';
import { httpClient, type ServerProcess, startServerProcess } from './helpers/server-process.ts';
import { newStudent } from './helpers/test-app.ts';

/** Whether something takes in a new connection on the port now. */
const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** A port nobody listens on, whose next one (PORT + 100) is free too. */
async function freePortPair(): Promise<number> {
  for (let port = 20_000 + (process.pid % 5_000); port < 60_000; port += 7) {
    if (!(await accepts(port)) && !(await accepts(port + PORT_STEP))) return port;
  }
  throw new Error('no free pair of ports');
}

describe('a process listening on more than one port (PORTS_PER_PROCESS)', () => {
  let dataDir: string;
  let port: number;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ngso-extra-ports-'));
    port = await freePortPair();
    server = await startServerProcess({
      port,
      env: { DATA_DIR: dataDir, RATE_LIMITS: 'off', PORTS_PER_PROCESS: '2' },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers on PORT + 100 as on PORT: one server, one session', async () => {
    const onPort = httpClient(`http://127.0.0.1:${port}`);
    const registered = await onPort.post('/api/v1/register', newStudent());
    expect(registered.status).toBe(201);
    const onExtra = httpClient(`http://127.0.0.1:${port + PORT_STEP}`);
    for (const [name, value] of onPort.cookies) onExtra.cookies.set(name, value);
    const user = await onExtra.get('/api/v1/user');
    expect(user.status).toBe(200);
    const email = (response: { body: unknown }) => (response.body as { user: { email: string } }).user.email;
    expect(email(user)).toBe(email(await onPort.get('/api/v1/user')));
  });

  it('stops taking in connections on every port when it stops', async () => {
    await server?.stop();
    server = undefined;
    expect([await accepts(port), await accepts(port + PORT_STEP)]).toEqual([false, false]);
  });
});
