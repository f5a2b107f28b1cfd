import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './own-server.ts';

const run = promisify(execFile);

/** The newest PostgreSQL server programs installed the Debian way, or null. */
function postgresBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((name) => existsSync(path.join(base, name, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : null;
}

/** The uid and gid of the `postgres` account (initdb refuses to run as root), or null. */
async function postgresAccount(): Promise<{ uid: number; gid: number } | null> {
  try {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : null;
  } catch {
    return null;
  }
}

/**
 * A throwaway PostgreSQL cluster of the test's own (its own folder and port, never the machine's
 * shared server), which the test can stop and start again: a database that goes down under a
 * running app server. Needs PostgreSQL's programs (the Debian package); as root, runs them as the
 * `postgres` account.
 */
export class OwnPostgres {
  readonly url: string;
  private readonly bin: string;
  private readonly dir: string;
  private readonly port: number;
  private readonly asUser: string | null;

  private constructor(bin: string, dir: string, port: number, asUser: string | null) {
    this.bin = bin;
    this.dir = dir;
    this.port = port;
    this.asUser = asUser;
    this.url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  }

  /** Why a cluster cannot be made here (the test is then skipped), or null. */
  static async unavailable(): Promise<string | null> {
    if (!postgresBin()) return 'PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb)';
    if (process.getuid?.() === 0 && !(await postgresAccount())) return 'no postgres account to run it as';
    return null;
  }

  /** Makes a new cluster in a temporary folder and starts it. */
  static async create(): Promise<OwnPostgres> {
    const bin = postgresBin();
    if (!bin) throw new Error('PostgreSQL is not installed');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ngso-e2e-pg-'));
    let asUser: string | null = null;
    if (process.getuid?.() === 0) {
      const account = await postgresAccount();
      if (!account) throw new Error('no postgres account');
      chownSync(dir, account.uid, account.gid);
      asUser = 'postgres';
    }
    const cluster = new OwnPostgres(bin, dir, await freePort(), asUser);
    await cluster.exec('initdb', ['-D', cluster.dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    await cluster.start();
    return cluster;
  }

  private get dataDir() {
    return path.join(this.dir, 'data');
  }

  private exec(program: string, args: string[]) {
    const file = path.join(this.bin, program);
    return this.asUser ? run('runuser', ['-u', this.asUser, '--', file, ...args]) : run(file, args);
  }

  /** Starts the cluster and waits until it accepts connections. */
  async start(): Promise<void> {
    await this.exec('pg_ctl', [
      '-D',
      this.dataDir,
      '-l',
      path.join(this.dir, 'log'),
      '-w',
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
  }

  /** Stops the cluster at once (`immediate`: no checkpoint, connections cut, as a crash). */
  async stop(mode: 'immediate' | 'fast' = 'immediate'): Promise<void> {
    await this.exec('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', 'stop']);
  }

  /** Stops the cluster if it runs and removes its folder. */
  async dispose(): Promise<void> {
    await this.stop('immediate').catch(() => {});
    rmSync(this.dir, { recursive: true, force: true });
  }
}
