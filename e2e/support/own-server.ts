import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { adminApiOn, E2E_ADMIN } from './admin.ts';
import { test } from './fixtures.ts';
import { watchMailOf } from './mailbox.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A port nobody listens on now (the system picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** How many ports an own server's first start tries before it fails (see OwnServer.start). */
const START_ATTEMPTS = 3;

/** Names the seeded data folder own servers start from (set by global-setup.ts for the run). */
export const SEEDED_DATA_ENV = 'E2E_SEEDED_DATA_DIR';

export type OwnServerOptions = {
  /** A PostgreSQL URL; unset means the embedded database in the data folder. */
  databaseUrl?: string;
  /** More settings of the server (e.g. a short EXAM_GRACE_SECONDS). */
  env?: Record<string, string>;
  /** How long the first start may take (it seeds the e-book's 100 pages and the tutorials). */
  startTimeoutMs?: number;
};

/**
 * The real server as a child process of the test (not Playwright's webServer), so a test can kill it
 * and start it again: same port, same data folder (embedded database and uploads) or the same
 * PostgreSQL database, so a restart keeps every row and file. Started like support/server.mjs.
 */
export class OwnServer {
  readonly port: number;
  readonly url: string;
  readonly dataDir: string;
  private readonly databaseUrl: string | undefined;
  private readonly extraEnv: Record<string, string>;
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  /** The server's stderr, for the failure message of a start that does not come up. */
  private log = '';

  private constructor(port: number, options: OwnServerOptions) {
    this.port = port;
    this.url = `http://localhost:${port}`;
    this.dataDir = mkdtempSync(path.join(os.tmpdir(), 'ngso-e2e-own-'));
    // On the embedded database, a copy of the run's seeded folder: the server starts as after a restart.
    const seeded = options.databaseUrl ? undefined : process.env[SEEDED_DATA_ENV];
    if (seeded && existsSync(seeded)) cpSync(seeded, this.dataDir, { recursive: true });
    watchMailOf(this.dataDir);
    this.databaseUrl = options.databaseUrl;
    this.extraEnv = options.env ?? {};
  }

  /**
   * Starts a server on a free port with a fresh data folder; resolves when it answers /api/health. A port found
   * free can be taken before the server listens on it (by any process's outgoing connection, from the same
   * range): the start is then tried again on another port, instead of failing the journey.
   */
  static async start(options: OwnServerOptions = {}): Promise<OwnServer> {
    for (let attempt = 1; ; attempt++) {
      const server = new OwnServer(await freePort(), options);
      try {
        await server.spawn(options.startTimeoutMs);
        return server;
      } catch (error) {
        await server.dispose();
        if (attempt >= START_ATTEMPTS || !server.portWasTaken) throw error;
      }
    }
  }

  /** Whether the last start failed because another process held the port. */
  private get portWasTaken(): boolean {
    return this.log.includes('EADDRINUSE');
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return this.child !== null;
  }

  /** Starts the process (again) and waits until it answers. */
  async spawn(timeoutMs = 60_000): Promise<void> {
    if (this.child) throw new Error('the server is already running');
    const webDist = process.env.WEB_DIST ?? path.join(root, 'apps/web/dist');
    if (!existsSync(path.join(webDist, 'index.html')))
      throw new Error('Build the web app first: npm run build');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(this.port),
      HOST: '127.0.0.1',
      DATA_DIR: this.dataDir,
      WEB_DIST: webDist,
      BASE_URL: this.url,
      ALLOW_HTTP_BASE_URL: 'true',
      LOG_LEVEL: 'warn',
      // Several servers run at once: none listens for metrics.
      METRICS_PORT: 'off',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ...this.extraEnv,
    };
    delete env.SMTP_URL;
    delete env.DATABASE_URL;
    if (this.databaseUrl) env.DATABASE_URL = this.databaseUrl;
    this.log = '';
    // node itself, not npm or a shell: the signals a test sends reach the server and nothing else.
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: root,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      this.log = (this.log + chunk.toString()).slice(-8_000);
    });
    this.child = child;
    // A worker that ends without its fixtures' teardown (killed, crashed) leaves no server behind.
    const orphan = () => child.kill('SIGKILL');
    process.once('exit', orphan);
    this.exited = new Promise((resolve) =>
      child.once('exit', () => {
        process.removeListener('exit', orphan);
        if (this.child === child) this.child = null;
        resolve();
      }),
    );
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.child) throw new Error(`the server exited while starting:\n${this.log}`);
      if (await this.healthy()) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`the server did not answer within ${timeoutMs} ms:\n${this.log}`);
  }

  /** Whether /api/health answers 200 now. */
  async healthy(): Promise<boolean> {
    try {
      const response = await fetch(`${this.url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      return response.ok;
    } catch {
      return false;
    }
  }

  /** Kills the process with SIGKILL (no graceful shutdown, nothing flushed) and waits until it is gone. */
  async kill(): Promise<void> {
    await this.signal('SIGKILL');
  }

  /** Stops the process: SIGTERM (graceful), SIGKILL if it has not gone after 10 s. */
  async stop(): Promise<void> {
    if (!this.child) return;
    const exited = this.exited;
    this.child.kill('SIGTERM');
    const gone = await Promise.race([
      exited.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000)),
    ]);
    if (!gone) await this.signal('SIGKILL');
  }

  /** Stops the server and removes its data folder. */
  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  private async signal(signal: NodeJS.Signals) {
    if (!this.child) return;
    const exited = this.exited;
    this.child.kill(signal);
    await exited;
  }

  /** An API session on this server signed in as the e2e admin, past the second factor. Dispose it after use. */
  adminApi(): Promise<APIRequestContext> {
    return adminApiOn(this.url, this.name);
  }

  /** This server's name for the admin's second factor (a port may serve another server later). */
  get name(): string {
    return `${this.url} ${this.dataDir}`;
  }
}

/**
 * A data folder after a first start (the database migrated, the first admin created, the tutorials and the
 * e-book's placeholder pages seeded), made once for the run (global-setup.ts): each own server on the embedded
 * database starts from a copy of it instead of seeding again, about 20 s a server on a busy machine. The caller
 * removes the folder.
 */
export async function seededDataFolder(): Promise<string> {
  const server = await OwnServer.start({ startTimeoutMs: 180_000 });
  await server.stop();
  return server.dataDir;
}

/**
 * `test` with a server of its own per worker (`own`) as the base URL: for journeys that change what every
 * other journey reads (an exam's window, its questions).
 */
export const withOwnServer = test.extend<object, { own: OwnServer }>({
  own: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const server = await OwnServer.start({ startTimeoutMs: 180_000 });
      try {
        await use(server);
      } finally {
        await server.dispose();
      }
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ own }, use) => use(own.url),
});

/**
 * `test` with a fresh server of its own for each test (`own`) as the base URL: for journeys that kill it,
 * publish a category's results or move an exam's window, which happen once per server.
 */
export const withServerPerTest = test.extend<{ own: OwnServer }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
  own: async ({}, use) => {
    // A fresh data folder (a copy of the run's seeded one), and a start that may wait for a busy machine.
    const server = await OwnServer.start({ startTimeoutMs: 180_000 });
    try {
      await use(server);
    } finally {
      await server.dispose();
    }
  },
  baseURL: async ({ own }, use) => use(own.url),
});
