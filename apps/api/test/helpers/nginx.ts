import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { followChild, waitUntilReady } from './child-process.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The nginx site file shipped for production (docs/operations.md), which the tests and the bench run. */
export const NGINX_SITE = path.join(root, 'deploy/nginx/ngso.conf');

/** The header the test variant adds to every answer: which process answered (nginx's $upstream_addr). */
export const UPSTREAM_HEADER = 'x-ngso-upstream';

function nginxBinary(): string {
  for (const dir of ['/usr/sbin', ...(process.env.PATH ?? '').split(path.delimiter)]) {
    if (dir && existsSync(path.join(dir, 'nginx'))) return path.join(dir, 'nginx');
  }
  throw new Error('nginx not found: install it (Debian: apt-get install nginx)');
}

/** Replaces every match of a global pattern, after checking how many there are (the shipped file changed?). */
function swap(
  text: string,
  pattern: RegExp,
  expected: number | 'one or more',
  replace: (match: string, index: number) => string,
) {
  const found = text.match(pattern)?.length ?? 0;
  if (expected === 'one or more' ? found === 0 : found !== expected) {
    throw new Error(
      `deploy/nginx/ngso.conf: expected ${expected} match(es) of ${pattern}, found ${found}; update apps/api/test/helpers/nginx.ts`,
    );
  }
  let index = 0;
  return text.replace(pattern, (match) => replace(match, index++));
}

/**
 * An upstream block with the servers given: `primaries` with the parameters of the shipped file's first server
 * line (max_fails, fail_timeout, max_conns), then `backups` with those of its first backup line.
 */
function withServers(block: string, primaries: string[], backups: string[]) {
  const paramsOf = (line: string | undefined) => (line ? (/:\d+([^;\n]*);/.exec(line)?.[1] ?? '') : '');
  const lines = block.match(/^[ \t]*server 127\.0\.0\.1:\d+[^;\n]*;\n/gm) ?? [];
  const primaryParams = paramsOf(lines.find((line) => !/ backup\b/.test(line)));
  const backupParams = paramsOf(lines.find((line) => / backup\b/.test(line))) || ' backup';
  let placed = false;
  return swap(block, /^[ \t]*server 127\.0\.0\.1:\d+([^;\n]*);\n/gm, 'one or more', () => {
    if (placed) return '';
    placed = true;
    return [
      ...primaries.map((address) => `    server ${address}${primaryParams};\n`),
      ...backups.map((address) => `    server ${address}${backupParams};\n`),
    ].join('');
  });
}

/** A certificate and its key, as files (PEM). */
export type TlsFiles = { certificate: string; key: string };

/**
 * The shipped site file with local ports: the upstream servers are the processes given (`upstreams`; the
 * photo lane's, `photoLane`, with the others as its backups, or the same processes when there is no lane of
 * its own), the TLS server listens on plain HTTP at `listen` (or, given `tls`, with TLS and HTTP/2 as shipped,
 * on that certificate), the redirect on port 80 is left out, and (for tests) every answer says which process
 * answered; its cache lives in `cacheDir`. Everything else (proxy headers, body sizes, time-outs, gzip, the
 * paper key's cache) is the shipped text.
 */
export function renderSite(
  template: string,
  options: {
    listen: string;
    upstreams: string[];
    photoLane?: string[];
    cacheDir: string;
    upstreamHeader?: boolean;
    tls?: TlsFiles;
    /**
     * An experiment (benches only): nginx lets the answer photos through to the processes at this pace at
     * most, the others waiting their turn in nginx (up to `burst`), the rest told to come back (503).
     */
    photoRate?: { perSecond: number; burst: number };
  },
): string {
  const lane = options.photoLane ?? [];
  let text = swap(template, /^upstream (\w+) \{\n[^{}]*\}\n/gm, 2, (block) => {
    if (block.startsWith('upstream ngso {')) return withServers(block, options.upstreams, []);
    if (block.startsWith('upstream ngso_photos {')) {
      return lane.length > 0
        ? withServers(block, lane, options.upstreams)
        : withServers(block, options.upstreams, []);
    }
    throw new Error(`deploy/nginx/ngso.conf: an upstream this helper does not know: ${block.split('\n')[0]}`);
  });
  text = swap(text, /^server \{\n[^{}]*return 301 https:[^{}]*\}\n\n?/gm, 1, () => '');
  text = swap(text, /^[ \t]*listen (\[::\]:)?443 ssl[^;\n]*;\n/gm, 2, (line, index) => {
    // The listen queue's length (backlog=) is kept: it is part of what is measured.
    const backlog = / backlog=\d+/.exec(line)?.[0] ?? '';
    const protocols = options.tls ? (/ ssl http2/.exec(line)?.[0] ?? ' ssl') : '';
    return index === 0 ? `    listen ${options.listen}${protocols}${backlog};\n` : '';
  });
  text = swap(text, /^[ \t]*ssl_certificate(_key)? [^;\n]*;\n/gm, 2, (line) => {
    if (!options.tls) return '';
    return line.includes('ssl_certificate_key')
      ? `    ssl_certificate_key ${options.tls.key};\n`
      : `    ssl_certificate ${options.tls.certificate};\n`;
  });
  text = swap(text, /^proxy_cache_path \S+ /gm, 1, () => `proxy_cache_path ${options.cacheDir} `);
  if (options.photoRate) {
    const { perSecond, burst } = options.photoRate;
    text = `limit_req_zone $server_name zone=ngso_photo_rate:1m rate=${perSecond}r/s;\n${text}`;
    text = swap(
      text,
      /^([ \t]*)proxy_pass http:\/\/ngso_photos;\n/gm,
      1,
      (line) =>
        // Turned away as the site turns away a photo no process can take (its @photos_busy).
        `        limit_req zone=ngso_photo_rate burst=${burst};\n        limit_req_status 503;\n        error_page 503 = @photos_busy;\n${line}`,
    );
  }
  if (options.upstreamHeader) {
    text = swap(
      text,
      /^[ \t]*server_name [^;\n]*;\n/gm,
      1,
      (line) => `${line}    add_header X-Ngso-Upstream $upstream_addr always;\n`,
    );
  }
  return text;
}

/**
 * A certificate for localhost made for the occasion with openssl (P-256, two days), in `dir`: for a browser told
 * to accept it, to reach nginx over TLS and HTTP/2 as a phone reaches the site.
 */
export function selfSignedCertificate(dir: string): TlsFiles {
  const files = { certificate: path.join(dir, 'localhost.crt'), key: path.join(dir, 'localhost.key') };
  const request =
    'req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 -subj /CN=localhost';
  execFileSync(
    'openssl',
    [
      ...request.split(' '),
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      files.key,
      '-out',
      files.certificate,
    ],
    { stdio: 'ignore' },
  );
  return files;
}

export type Nginx = Awaited<ReturnType<typeof startNginx>>;

/**
 * Debian's nginx as a child process (`nginx -p <dir> -c <dir>/nginx.conf`, not a daemon), with its pid file,
 * logs and temporary files in a folder of its own: no root's /etc/nginx, no port 80. Serves the shipped site
 * file, rendered with `renderSite`. Resolves once the port accepts connections.
 */
export async function startNginx(options: {
  port: number;
  upstreams: number[];
  /** The photo lane's processes (deploy/nginx/ngso.conf, upstream ngso_photos); none: the same as `upstreams`. */
  photoLane?: number[];
  upstreamHeader?: boolean;
  workerProcesses?: number | 'auto';
  accessLog?: boolean;
  /** Serve with TLS and HTTP/2, as the shipped site does, on this certificate (see `selfSignedCertificate`). */
  tls?: TlsFiles;
  photoRate?: { perSecond: number; burst: number };
}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ngso-nginx-'));
  // As root, nginx's workers run as nobody: they must reach the temporary folders nginx creates in here.
  chmodSync(dir, 0o755);
  const site = renderSite(readFileSync(NGINX_SITE, 'utf8'), {
    listen: `127.0.0.1:${options.port}`,
    upstreams: options.upstreams.map((port) => `127.0.0.1:${port}`),
    photoLane: (options.photoLane ?? []).map((port) => `127.0.0.1:${port}`),
    cacheDir: path.join(dir, 'cache'),
    upstreamHeader: options.upstreamHeader ?? true,
    tls: options.tls,
    photoRate: options.photoRate,
  });
  writeFileSync(path.join(dir, 'ngso.conf'), site);
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `# Written by apps/api/test/helpers/nginx.ts: the http block of Debian's nginx.conf, paths in this folder.
daemon off;
worker_processes ${options.workerProcesses ?? 1};
worker_rlimit_nofile 16384;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events {
    worker_connections 16384;
}
http {
    sendfile on;
    tcp_nopush on;
    types_hash_max_size 2048;
    default_type application/octet-stream;
    access_log ${options.accessLog === false ? 'off' : `${dir}/access.log`};
    client_body_temp_path ${dir}/client_body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    include ${dir}/ngso.conf;
}
`,
  );

  const child: ChildProcess = spawn(nginxBinary(), ['-p', dir, '-c', conf], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const followed = followChild(child);
  const errorLog = () => {
    const file = path.join(dir, 'error.log');
    return `${followed.output()}${existsSync(file) ? readFileSync(file, 'utf8') : ''}`;
  };

  const nginx = {
    pid: followed.pid,
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${options.port}`,
    dir,
    site,
    /** What nginx printed and wrote to its error log. */
    errorLog,
    accessLog: () => {
      const file = path.join(dir, 'access.log');
      return existsSync(file) ? readFileSync(file, 'utf8') : '';
    },
    /** Fast shutdown (SIGTERM), then the folder is removed. */
    stop: async () => {
      await followed.stop(5_000);
      rmSync(dir, { recursive: true, force: true });
    },
  };

  const listening = () =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect(options.port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  const state = await waitUntilReady(followed, listening, { timeoutMs: 15_000, intervalMs: 100 });
  if (state === 'ready') return nginx;
  const log = errorLog();
  await nginx.stop();
  throw new Error(
    state === 'ended'
      ? `nginx exited before listening:\n${log}\nconfiguration:\n${site}`
      : `nginx did not listen on ${options.port} within 15 s:\n${log}`,
  );
}

/** The port of the process that answered, from the test header (the last one nginx tried). */
export function answeredBy(headers: Headers): number {
  const value = headers.get(UPSTREAM_HEADER) ?? '';
  const last = value.split(',').pop()?.trim() ?? '';
  const port = Number(last.slice(last.lastIndexOf(':') + 1));
  if (!port) throw new Error(`no ${UPSTREAM_HEADER} header (got ${JSON.stringify(value)})`);
  return port;
}
