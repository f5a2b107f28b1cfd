import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { type S3Settings, s3Client } from '../../src/lib/storage-s3.ts';
import { type FollowedChild, followChild } from './child-process.ts';

/**
 * A real S3-compatible server of its own for tests: OpenStack Swift (Debian: apt-get install swift swift-proxy
 * swift-object swift-container swift-account) on one node in a throwaway folder, with the s3api middleware,
 * tempauth with one user, path-style addresses. Its four processes listen on free ports of 127.0.0.1; `stop`
 * ends them by their process ids (the fault tests stop the store and `start` it again on the same folder and
 * ports), `remove` also deletes the folder.
 */

const SERVERS = ['account', 'container', 'object'] as const;
/** How long the four servers may take to answer after their start (within the suites' 90 s hook time-out). */
const START_TIMEOUT_MS = 60_000;
const ACCOUNT = 'ngso';
const USER = 'tester';

export const swiftInstalled = () => existsSync('/usr/bin/swift-proxy-server');

/** The Python that Debian's Swift packages are installed for (another `python3` on the PATH may lack them). */
const SWIFT_PYTHON = '/usr/bin/python3';

/** Writes NAME.ring.gz for each NAME=PORT argument: one device on 127.0.0.1:PORT, one partition, one replica. */
const WRITE_RINGS = `
import sys
from swift.common.ring import RingBuilder
for arg in sys.argv[1:]:
    name, port = arg.split('=')
    builder = RingBuilder(0, 1, 1)
    builder.add_dev({'region': 1, 'zone': 1, 'ip': '127.0.0.1', 'port': int(port), 'device': 'd1', 'weight': 1})
    builder.rebalance()
    builder.get_ring().save(name + '.ring.gz')
`;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const serverConf = (dir: string, name: string, port: number) => `[DEFAULT]
swift_dir = ${dir}/etc
devices = ${dir}/srv
mount_check = false
bind_ip = 127.0.0.1
bind_port = ${port}
workers = 0
user = swift
[pipeline:main]
pipeline = ${name}-server
[app:${name}-server]
use = egg:swift#${name}
`;

const proxyConf = (dir: string, port: number, secret: string) => `[DEFAULT]
swift_dir = ${dir}/etc
bind_ip = 127.0.0.1
bind_port = ${port}
workers = 0
user = swift
[pipeline:main]
pipeline = catch_errors gatekeeper proxy-logging cache listing_formats s3api tempauth copy slo dlo proxy-logging proxy-server
[app:proxy-server]
use = egg:swift#proxy
account_autocreate = true
[filter:tempauth]
use = egg:swift#tempauth
user_${ACCOUNT}_${USER} = ${secret} .admin
[filter:s3api]
use = egg:swift#s3api
[filter:catch_errors]
use = egg:swift#catch_errors
[filter:gatekeeper]
use = egg:swift#gatekeeper
[filter:proxy-logging]
use = egg:swift#proxy_logging
[filter:cache]
use = egg:swift#memcache
[filter:listing_formats]
use = egg:swift#listing_formats
[filter:copy]
use = egg:swift#copy
[filter:slo]
use = egg:swift#slo
[filter:dlo]
use = egg:swift#dlo
`;

function writeConfiguration(
  dir: string,
  ports: Record<(typeof SERVERS)[number] | 'proxy', number>,
  secret: string,
) {
  const etc = path.join(dir, 'etc');
  mkdirSync(etc, { recursive: true });
  mkdirSync(path.join(dir, 'srv', 'd1'), { recursive: true });
  writeFileSync(
    path.join(etc, 'swift.conf'),
    '[swift-hash]\nswift_hash_path_suffix = throwaway\nswift_hash_path_prefix = throwaway\n' +
      '[storage-policy:0]\nname = Policy-0\ndefault = yes\n',
  );
  // The three rings in one Python process: what `swift-ring-builder X.builder create 0 1 1`, `add
  // r1z1-127.0.0.1:PORT/d1 1` and `rebalance` write for each, without nine starts of Python (about 1 s of CPU each).
  execFileSync(SWIFT_PYTHON, ['-c', WRITE_RINGS, ...SERVERS.map((name) => `${name}=${ports[name]}`)], {
    cwd: etc,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  for (const name of SERVERS) {
    writeFileSync(path.join(etc, `${name}-server.conf`), serverConf(dir, name, ports[name]));
  }
  writeFileSync(path.join(etc, 'proxy-server.conf'), proxyConf(dir, ports.proxy, secret));
  // The servers drop to the swift user: it must own the device folder.
  execFileSync('chown', ['-R', 'swift:swift', dir]);
}

async function answers(url: string) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
    return response.status < 500;
  } catch {
    return false;
  }
}

export type ThrowawayS3 = Awaited<ReturnType<typeof startThrowawayS3>>;

export async function startThrowawayS3() {
  if (!swiftInstalled())
    throw new Error(
      'swift-proxy-server not found: install Swift (Debian: apt-get install swift swift-proxy swift-object swift-container swift-account)',
    );
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ngso-s3-'));
  chownSync(dir, 0, 0);
  const ports = {
    account: await freePort(),
    container: await freePort(),
    object: await freePort(),
    proxy: await freePort(),
  };
  const secret = `key-${Math.random().toString(36).slice(2)}`;
  writeConfiguration(dir, ports, secret);
  const endpoint = `http://127.0.0.1:${ports.proxy}`;
  let children: FollowedChild[] = [];

  const output = () => children.map((child) => child.output()).join('\n');
  const stop = async () => {
    await Promise.all(children.map((child) => child.stop(5_000)));
    children = [];
  };
  const start = async () => {
    children = [...SERVERS, 'proxy'].map((name) => {
      const child: ChildProcess = spawn(
        `/usr/bin/swift-${name}-server`,
        [path.join(dir, 'etc', `${name}-server.conf`)],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      return followChild(child);
    });
    // A few seconds on a quiet machine; at a load average near 20 on two cores, more than 30.
    const deadline = Date.now() + START_TIMEOUT_MS;
    // Every server answers HTTP (any status below 500 will do: none has a health path in its pipeline).
    const allAnswer = async () =>
      (await Promise.all(Object.values(ports).map((port) => answers(`http://127.0.0.1:${port}/`)))).every(
        Boolean,
      );
    while (!(await allAnswer())) {
      if (children.some((child) => child.ended())) {
        const seen = output();
        await stop();
        throw new Error(`Swift exited:\n${seen}`);
      }
      if (Date.now() > deadline) {
        const seen = output();
        await stop();
        throw new Error(`Swift did not answer on ${endpoint} within ${START_TIMEOUT_MS / 1000} s:\n${seen}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  await start();

  const settingsFor = (bucket: string): S3Settings => ({
    endpoint,
    bucket,
    region: 'us-east-1',
    accessKeyId: `${ACCOUNT}:${USER}`,
    secretAccessKey: secret,
    forcePathStyle: true,
  });
  let buckets = 0;
  return {
    endpoint,
    pids: () => children.map((child) => child.pid),
    settingsFor,
    /** A new empty bucket, and its settings. */
    newBucket: async (prefix = 'ngso-test') => {
      buckets += 1;
      const settings = settingsFor(`${prefix}-${process.pid}-${buckets}`);
      const client = s3Client(settings);
      try {
        // Just after the start, the proxy may answer before the account and container servers do (503).
        const deadline = Date.now() + 30_000;
        for (;;) {
          try {
            await client.send(new CreateBucketCommand({ Bucket: settings.bucket }));
            return settings;
          } catch (err) {
            if (Date.now() > deadline) throw err;
            await new Promise((resolve) => setTimeout(resolve, 500));
          }
        }
      } finally {
        client.destroy();
      }
    },
    /** The environment variables of a server on that bucket. */
    envFor: (settings: S3Settings) => ({
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: settings.bucket,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    start,
    stop,
    remove: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
