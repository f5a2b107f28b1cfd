import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createBackup, restoreBackup } from '../src/backup/backup.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { fixedClock } from '../src/lib/clock.ts';
import { ensureAdmin } from '../src/modules/auth/admin-accounts.ts';
import { verifyEmailThroughMail, withSecondFactor } from './helpers/fixtures.ts';
import { withDatabase } from './helpers/global-setup.ts';
import { waitForMedia } from './helpers/media.ts';
import { multipart } from './helpers/multipart.ts';
import { client, newStudent } from './helpers/test-app.ts';

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A fresh place to keep data: a temporary folder, and on PostgreSQL a fresh database. */
async function freshTarget() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ngso-backup-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const url = process.env.DATABASE_URL;
  if (!url) return { dataDir };
  const name = `ngso_backup_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: url });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });
  return { dataDir, databaseUrl: withDatabase(url, name) };
}

async function appOn(
  target: { dataDir: string; databaseUrl?: string },
  clock = fixedClock('2025-01-14T11:10:00Z'),
) {
  const database = await openDatabase(target);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: target.dataDir,
    BASE_URL: 'http://localhost:3000',
    WEB_DIST: path.join(target.dataDir, 'none'),
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
  });
  const app = await buildApp(config, { database, clock, startMailWorker: false });
  return { app, database, clock };
}

describe('backup and restore', () => {
  it('bring back every user, registration, answer image and mark into an empty data folder', {
    timeout: 120_000,
  }, async () => {
    const source = await freshTarget();
    const { app, database } = await appOn(source);
    await ensureAdmin(database.db, 'chief@example.com', 'Chief-pass-1', new Date());
    const admin = client(app);
    await admin.post('/api/v1/login', { email: 'chief@example.com', password: 'Chief-pass-1' });
    // The restored copy holds the same second factor: one name for both servers.
    await withSecondFactor({ app }, admin, 'chief@example.com', 'backup-source');
    const student = newStudent();
    const browser = client(app);
    await browser.post('/api/v1/register', student);
    await verifyEmailThroughMail({ app, db: database.db }, student.email);
    const csv = `email,name,category,score,total,qualified\n${student.email},S,junior,40,60,true\n`;
    await admin.request({
      method: 'POST',
      url: '/api/v1/admin/preliminary/import',
      ...multipart([{ name: 'r.csv', data: Buffer.from(csv) }]),
    });
    await browser.post('/api/v1/ngso-1/registration', {
      name: 'Backup Student',
      institution: 'School',
      class: 7,
      division: 'Dhaka',
      district: 'Dhaka',
      sub_district: 'Savar',
      guardian_name: 'Guardian',
      guardian_phone: '01811111111',
      tshirt_size: 'M',
      pickup_spot: 'own',
      payment_method: 'bkash',
      payment_sender: '01711111111',
      transaction_id: 'BACKUP123',
    });
    const id = (await admin.get(`/api/v1/admin/registrations?q=${student.email}`)).json().data[0].id;
    await admin.post(`/api/v1/admin/registrations/${id}/approve`);
    const photo = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#246' } })
      .jpeg()
      .toBuffer();
    const { url } = (
      await browser.request({
        method: 'POST',
        url: '/api/v1/upload',
        ...multipart([{ name: 'a.jpg', data: photo }]),
      })
    ).json();
    // Answer photos are processed in the background: the backup is taken of the processed one.
    await waitForMedia(database.db, url);
    const [question] = (await browser.get('/api/v1/ngso-1/questions?category=junior')).json().data;
    await browser.post('/api/v1/ngso-1/answers', { question_id: question.id, image_urls: [url] });
    const userId = (await browser.get('/api/v1/user')).json().user.id;
    expect(
      (await admin.put(`/api/v1/admin/submissions/${userId}/marks`, { question_id: question.id, marks: 7 }))
        .statusCode,
    ).toBe(200);
    const original = (await browser.get(url)).rawPayload;
    await app.close();
    await database.close();

    const backupDir = path.join(source.dataDir, '..', `${path.basename(source.dataDir)}-backup`);
    cleanups.push(() => rm(backupDir, { recursive: true, force: true }));
    await createBackup(source, backupDir);

    const restoredTarget = await freshTarget();
    await restoreBackup(restoredTarget, backupDir);
    const restored = await appOn(restoredTarget);
    try {
      const again = client(restored.app);
      expect(
        (await again.post('/api/v1/login', { email: student.email, password: student.password })).statusCode,
      ).toBe(200);
      expect((await again.get('/api/v1/ngso-1/registration/status')).json().data.registration_status).toBe(
        'approved',
      );
      const answers = (await again.get('/api/v1/ngso-1/answers')).json().data.data;
      expect(answers[0].image_urls).toEqual([url]);
      expect((await again.get(url)).rawPayload.equals(original)).toBe(true);
      const adminAgain = client(restored.app);
      await adminAgain.post('/api/v1/login', { email: 'chief@example.com', password: 'Chief-pass-1' });
      await withSecondFactor(restored, adminAgain, 'chief@example.com', 'backup-source');
      const submissions = (await adminAgain.get('/api/v1/admin/submissions?category=junior')).json().data;
      expect(submissions.find((s: { user_id: string }) => s.user_id === userId).answers[0].grader_marks).toBe(
        7,
      );
      await expect(restoreBackup(restoredTarget, backupDir)).rejects.toThrow();
    } finally {
      await restored.app.close();
      await restored.database.close();
    }
  });
});
