import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { type Clock, systemClock } from '../../src/lib/clock.ts';
import { smtpTransport } from '../../src/mail/transport.ts';
import { createTestDatabase } from './test-database.ts';

export const BASE_URL = 'http://localhost:3000';

/** The app on a fresh database, with real SMTP when a server URL is given. */
export async function createTestApp(
  options: {
    clock?: Clock;
    smtpUrl?: string;
    env?: Record<string, string>;
    startMailWorker?: boolean;
    /** Receives the log lines (set LOG_LEVEL in env to see any). */
    logStream?: { write: (line: string) => void };
  } = {},
) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ngso-test-'));
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    BASE_URL,
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...options.env,
  });
  const app = await buildApp(config, {
    database,
    clock: options.clock ?? systemClock,
    mailTransport: options.smtpUrl ? smtpTransport(options.smtpUrl) : undefined,
    startMailWorker: options.startMailWorker,
    logStream: options.logStream,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

type App = Awaited<ReturnType<typeof createTestApp>>['app'];

/** A browser-like client: keeps its session cookie and sends the headers the web app sends. */
export function client(app: App) {
  const cookies = new Map<string, string>();
  const request = async (options: InjectOptions): Promise<LightMyRequestResponse> => {
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...(options.method && options.method !== 'GET' ? { 'x-requested-with': 'XMLHttpRequest' } : {}),
      ...(options.headers as Record<string, string>),
    };
    if (cookies.size > 0) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await app.inject({ ...options, headers });
    // Read Set-Cookie ourselves: the app's clock may be far from this machine's, so expiry is not checked here.
    const setCookie = response.headers['set-cookie'] ?? [];
    for (const line of Array.isArray(setCookie) ? setCookie : [setCookie]) {
      const [pair = ''] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const cleared = value === '' || /expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0\b/i.test(line);
      if (cleared) cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  };
  return {
    cookies,
    request,
    get: (url: string, headers?: Record<string, string>) => request({ method: 'GET', url, headers }),
    post: (url: string, payload?: unknown, headers?: Record<string, string>) =>
      request({ method: 'POST', url, payload: payload as InjectOptions['payload'], headers }),
    put: (url: string, payload?: unknown, headers?: Record<string, string>) =>
      request({ method: 'PUT', url, payload: payload as InjectOptions['payload'], headers }),
    delete: (url: string, headers?: Record<string, string>) => request({ method: 'DELETE', url, headers }),
  };
}

let counter = 0;
/** A valid registration with a unique e-mail. */
export function newStudent(
  overrides: Partial<Record<'name' | 'email' | 'password' | 'phone_number', string>> = {},
) {
  counter += 1;
  return {
    name: 'Ayesha Rahman',
    email: `student${counter}-${Date.now()}@example.com`,
    password: 'Sc1ence!pass',
    phone_number: '01712345678',
    ...overrides,
  };
}
