import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { followChild, waitUntilReady } from './child-process.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export type ServerProcess = Awaited<ReturnType<typeof startServerProcess>>;

/**
 * The real server as a child process (`node --import tsx apps/api/src/server.ts`, as `npm start` and the
 * systemd unit run it), on its own port, with the environment given. Resolves once /api/health answers 200.
 */
export async function startServerProcess(options: { port: number; env: Record<string, string> }) {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    BASE_URL: `http://localhost:${options.port}`,
    // Served over http on this machine, also when a caller asks for NODE_ENV=production.
    ALLOW_HTTP_BASE_URL: 'true',
    LOG_LEVEL: 'warn',
    // Several test servers run at once: no metrics listener unless a test asks for one.
    METRICS_PORT: 'off',
    ...options.env,
  };
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const followed = followChild(child);

  const server = {
    pid: followed.pid,
    baseUrl,
    exited: followed.exited,
    /** Still running (never crashed nor exited). */
    alive: () => followed.ended() === undefined,
    /** What the process printed (the last few hundred chunks), for a failing test's message. */
    output: followed.output,
    /** SIGKILL: no graceful shutdown, no finished requests, as a power cut of the process. */
    kill: followed.kill,
    /** SIGTERM, the normal stop (finishes requests in flight). */
    stop: () => followed.stop(15_000),
  };

  const answers = () =>
    fetch(`${baseUrl}/api/health`)
      .then((response) => response.status === 200)
      .catch(() => false);
  const state = await waitUntilReady(followed, answers, { timeoutMs: 150_000, intervalMs: 200 });
  if (state === 'ready') return server;
  if (state === 'ended') {
    throw new Error(
      `the server exited (${JSON.stringify(followed.ended())}) before answering:\n${server.output()}`,
    );
  }
  await server.kill();
  throw new Error(`the server did not answer within 150 s:\n${server.output()}`);
}

export type HttpResult = {
  status: number;
  headers: Headers;
  body: Record<string, unknown> & { status?: string; message?: string; data?: unknown };
  text: string;
};

/**
 * A browser-like client over real HTTP: keeps its cookies, sends the header the web app sends with
 * state-changing calls, reads JSON. Network failures (a killed server) reject.
 */
export function httpClient(baseUrl: string, defaults: Record<string, string> = {}) {
  const cookies = new Map<string, string>();
  const request = async (
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<HttpResult> => {
    const all: Record<string, string> = { accept: 'application/json', ...defaults, ...headers };
    if (method !== 'GET') all['x-requested-with'] = 'XMLHttpRequest';
    if (cookies.size > 0) all.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload: FormData | Uint8Array<ArrayBuffer> | string | undefined;
    // Forms and raw bytes (a photo's body, with its own content-type header) go as they are.
    if (body instanceof FormData) payload = body;
    else if (body instanceof Uint8Array) payload = new Uint8Array(body);
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      all['content-type'] = 'application/json';
    }
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: all,
      body: payload,
      signal: AbortSignal.timeout(60_000),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (value === '' || /max-age=0\b/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line))
        cookies.delete(name);
      else cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: HttpResult['body'] = {};
    try {
      parsed = JSON.parse(text);
    } catch {}
    return { status: response.status, headers: response.headers, body: parsed, text };
  };
  return {
    cookies,
    get: (url: string, headers?: Record<string, string>) => request('GET', url, undefined, headers),
    post: (url: string, body?: unknown, headers?: Record<string, string>) =>
      request('POST', url, body, headers),
    put: (url: string, body?: unknown, headers?: Record<string, string>) =>
      request('PUT', url, body, headers),
  };
}

export type HttpClient = ReturnType<typeof httpClient>;
