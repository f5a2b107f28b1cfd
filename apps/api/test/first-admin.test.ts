import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirstAdmin } from '../src/modules/auth/admin-accounts.ts';
import { httpClient, type ServerProcess, startServerProcess } from './helpers/server-process.ts';
import { client, createTestApp, newStudent } from './helpers/test-app.ts';

/** A port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

describe('ADMIN_EMAIL at start-up, over restarts of the real server', () => {
  let dataDir: string;
  let port: number;
  let server: ServerProcess | undefined;
  const start = async (email: string, password: string) => {
    server = await startServerProcess({
      port,
      env: { DATA_DIR: dataDir, ADMIN_EMAIL: email, ADMIN_PASSWORD: password, RATE_LIMITS: 'off' },
    });
    return server;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ngso-first-admin-'));
    port = await freePort();
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates the first admin once; a restart with another password changes no account and ends no session', async () => {
    const first = await start('first-admin@ngso.test', 'First-admin-pass-1');
    const admin = httpClient(first.baseUrl);
    const signedIn = await admin.post('/api/v1/login', {
      email: 'first-admin@ngso.test',
      password: 'First-admin-pass-1',
    });
    expect(signedIn.status).toBe(200);
    expect((signedIn.body.data as { user: { role: string } }).user.role).toBe('admin');
    await first.stop();

    // The same address with another password: the admin keeps their password and their session.
    const second = await start('first-admin@ngso.test', 'Another-admin-pass-2');
    expect((await admin.get('/api/v1/user')).status).toBe(200);
    const oldPassword = await httpClient(second.baseUrl).post('/api/v1/login', {
      email: 'first-admin@ngso.test',
      password: 'First-admin-pass-1',
    });
    expect(oldPassword.status).toBe(200);
    const newPassword = await httpClient(second.baseUrl).post('/api/v1/login', {
      email: 'first-admin@ngso.test',
      password: 'Another-admin-pass-2',
    });
    expect(newPassword.status).toBe(401);
  }, 120_000);
});

describe('createFirstAdmin', () => {
  // What each later start does with other addresses (the real start-up calls this function).
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses to promote an existing account even while there is no admin, and says so', async () => {
    const student = newStudent();
    const browser = client(t.app);
    await browser.post('/api/v1/register', student);
    expect(
      await createFirstAdmin(t.db, student.email.toUpperCase(), 'Takeover-admin-pass-3', new Date()),
    ).toBe('address-taken');
    expect((await browser.get('/api/v1/user')).json().user.role).toBe('student');
    expect(await createFirstAdmin(t.db, 'boss@ngso.test', 'Boss-admin-pass-4', new Date())).toBe('created');
    expect(await createFirstAdmin(t.db, 'second-boss@ngso.test', 'Boss-admin-pass-5', new Date())).toBe(
      'admin-exists',
    );
    const second = await client(t.app).post('/api/v1/login', {
      email: 'second-boss@ngso.test',
      password: 'Boss-admin-pass-5',
    });
    expect(second.statusCode).toBe(401);
  });
});
