import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openEmbedded, openPostgres } from '../../src/db/client.ts';
import { openJobQueue } from '../../src/jobs/image-jobs.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Embedded: a migrated data directory dump that each test file loads (fast, isolated). */
    pgliteTemplate: string;
    /** PostgreSQL: a migrated database that each test file copies. */
    postgresTemplate: string;
  }
}

/** Migrates one template database per run; each test file then starts from a copy of it. */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `ngso_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const handle = await openPostgres(withDatabase(url, name));
    // The job queue's schema (pg-boss creates it at its first start) is in the template too.
    const queue = openJobQueue(handle, console, 60);
    await queue.start();
    await queue.stop();
    await handle.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ngso-template-'));
  const client = new PGlite();
  const handle = await openEmbedded(client);
  const dump = await client.dumpDataDir('none');
  await handle.close();
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return () => rm(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
