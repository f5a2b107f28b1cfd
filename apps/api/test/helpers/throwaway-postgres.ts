import { execFile } from 'node:child_process';
import { chownSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** The newest PostgreSQL's bin folder (Debian's /usr/lib/postgresql/<version>/bin), or the one on PATH. */
function postgresBin(): string {
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((name) => existsSync(path.join(debian, name, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(debian, versions[0], 'bin');
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, 'initdb'))) return dir;
  }
  throw new Error('PostgreSQL not found: install it (Debian: apt-get install postgresql)');
}

/** PostgreSQL refuses to run as root: as root, its tools run as the postgres user. */
async function runAsPostgres(file: string, args: string[]) {
  const asRoot = process.getuid?.() === 0;
  const [command, list] = asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  try {
    return await run(command, list, { timeout: 60_000 });
  } catch (err) {
    const { stdout = '', stderr = '' } = err as { stdout?: string; stderr?: string };
    throw new Error(`${path.basename(file)} ${args.join(' ')} failed:\n${stdout}${stderr}`);
  }
}

export type ThrowawayPostgres = Awaited<ReturnType<typeof startThrowawayPostgres>>;

/**
 * A PostgreSQL cluster of its own for tests that stop, crash and restart the database (the machine's
 * shared server is never touched): a temporary folder, trust authentication, listening on 127.0.0.1:port.
 */
export async function startThrowawayPostgres(port: number) {
  const bin = postgresBin();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ngso-faults-pg-'));
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(group.trim()));
  }
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'log');
  await runAsPostgres(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=60`;

  const cluster = {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    /** Starts the cluster and waits until it accepts connections. */
    start: async () => {
      await runAsPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-l', log, '-w', '-o', options, 'start']);
    },
    /** `immediate` is a crash for the clients: every connection is cut, recovery runs at the next start. */
    stop: async (mode: 'fast' | 'immediate' = 'fast') => {
      await runAsPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-m', mode, '-w', 'stop']);
    },
    /** SIGKILL to the postmaster, as the OOM killer would do. */
    kill: () => {
      const pidFile = path.join(data, 'postmaster.pid');
      if (!existsSync(pidFile)) return;
      const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
      if (pid > 0) process.kill(pid, 'SIGKILL');
    },
    running: () => existsSync(path.join(data, 'postmaster.pid')),
    /** Runs one statement as the superuser (create database ...), or a query on a database. */
    query: async <Row extends pg.QueryResultRow = pg.QueryResultRow>(
      text: string,
      values: unknown[] = [],
      database = 'postgres',
    ) => {
      const client = new pg.Client({ connectionString: cluster.url(database) });
      client.on('error', () => {});
      await client.connect();
      try {
        return (await client.query<Row>(text, values)).rows;
      } finally {
        await client.end();
      }
    },
    log: () => (existsSync(log) ? readFileSync(log, 'utf8') : ''),
    /** Stops the cluster however it is, and removes its folder. */
    destroy: async () => {
      if (cluster.running()) await cluster.stop('immediate').catch(() => cluster.kill());
      await rm(dir, { recursive: true, force: true });
    },
  };
  try {
    await cluster.start();
  } catch (err) {
    // The server's own log says why (a port taken, say); the folder that holds it goes.
    const why = cluster.log();
    await rm(dir, { recursive: true, force: true });
    throw new Error(`${(err as Error).message}\nPostgreSQL's log:\n${why}`);
  }
  return cluster;
}
