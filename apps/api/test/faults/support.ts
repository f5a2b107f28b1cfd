import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import { passSecondFactorOverHttp } from '../helpers/second-factor.ts';
import {
  type HttpClient,
  httpClient,
  type ServerProcess,
  startServerProcess,
} from '../helpers/server-process.ts';
import { startSmtpServer } from '../helpers/smtp-server.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../helpers/throwaway-postgres.ts';
import { verifyThroughOutbox } from '../helpers/verify-through-outbox.ts';

/**
 * What each fault test runs on: a PostgreSQL cluster of its own (stopped and crashed at will), a real SMTP
 * server in the test process, and the real server as a child process over real HTTP. Ports: servers
 * 4620-4629, PostgreSQL 4640-4649: all below Linux's ephemeral ports (32768 and up), which the outgoing
 * connections of other tests take, and could hold the moment PostgreSQL binds.
 */
export const ADMIN = { email: 'admin@faults.test', password: 'Admin-faults-pass-1' };
export const DATABASE = 'ngso_faults';

export type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

export async function faultEnvironment(
  ports: { postgres: number; http: number; smtp: number },
  /** More of the server's environment (the metrics test's METRICS_PORT). */
  extraEnv: Record<string, string> = {},
) {
  const cluster: ThrowawayPostgres = await startThrowawayPostgres(ports.postgres);
  await cluster.query(`create database ${DATABASE}`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ngso-faults-data-'));
  const env = {
    DATABASE_URL: cluster.url(DATABASE),
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
    MAIL_FROM: 'Olympiad <no-reply@faults.test>',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // Many accounts from one address in a few seconds.
    RATE_LIMITS: 'off',
    // Mail retries after 1 s, 2 s, 4 s ... instead of 30 s, 1 min, 2 min ...
    MAIL_RETRY_SECONDS: '1',
    ...extraEnv,
  };
  const environment = {
    cluster,
    dataDir,
    server: undefined as ServerProcess | undefined,
    /** Every SMTP server started (one at a time, on the same port), so mails are counted across restarts. */
    smtpServers: [] as SmtpServer[],
    smtp: undefined as SmtpServer | undefined,
    async startSmtp(delayMs = 0) {
      environment.smtp = await startSmtpServer({ port: ports.smtp, delayMs });
      environment.smtpServers.push(environment.smtp);
      return environment.smtp;
    },
    async stopSmtp() {
      await environment.smtp?.close();
      environment.smtp = undefined;
    },
    /** Every mail the SMTP servers accepted. */
    received: () => environment.smtpServers.flatMap((smtp) => smtp.received),
    async startServer() {
      environment.server = await startServerProcess({ port: ports.http, env });
      return environment.server;
    },
    /** Rows of the test's database (read directly, as an operator would). */
    query: <Row extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
      cluster.query<Row>(text, values, DATABASE),
    baseUrl: `http://127.0.0.1:${ports.http}`,
    client: (headers?: Record<string, string>) => httpClient(environment.baseUrl, headers),
    async teardown() {
      await environment.server?.kill();
      for (const smtp of environment.smtpServers) await smtp.close().catch(() => {});
      await cluster.destroy();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return environment;
}

export type FaultEnvironment = Awaited<ReturnType<typeof faultEnvironment>>;

/** Fails with what the server printed when a response is not the one expected. */
export function expectStatus(
  response: { status: number; text: string },
  status: number,
  server?: ServerProcess,
) {
  expect(response.status, `${response.text}\n${server?.output().slice(-2000) ?? ''}`).toBe(status);
}

/** A signed-in admin (past the second factor the console needs, set up at the first sign-in). */
export async function signIn(env: FaultEnvironment, email: string, password: string) {
  const browser = env.client();
  expectStatus(await browser.post('/api/v1/login', { email, password }), 200);
  await passSecondFactorOverHttp(browser, env.cluster.url(DATABASE), email);
  return browser;
}

let counter = 0;
/** A student's account details, unique in the run. */
export function newStudent(prefix = 'student') {
  counter += 1;
  const id = `${counter}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    name: 'Nusrat Jahan',
    email: `${prefix}-${id}@faults.test`,
    password: 'Olymp1ad!pass',
    phone_number: '01712345678',
    transactionId: `TX${counter}${Math.random().toString(36).slice(2, 10)}`.toUpperCase().slice(0, 20),
  };
}
export type Student = ReturnType<typeof newStudent>;

export const accountOf = (student: Student) => ({
  name: student.name,
  email: student.email,
  password: student.password,
  phone_number: student.phone_number,
});

/** The final-round form of a junior (class 7). */
export const registrationFormOf = (student: Student) => ({
  name: student.name,
  institution: 'Rajshahi Collegiate School',
  class: 7,
  division: 'Rajshahi',
  district: 'Bogura',
  sub_district: 'Adamdighi',
  guardian_name: 'Karim Rahman',
  guardian_phone: '01811111111',
  tshirt_size: 'M',
  pickup_spot: 'own',
  payment_method: 'bkash',
  payment_sender: '01711111111',
  transaction_id: student.transactionId,
});

/** Marks the students qualified in the preliminary round, as organisers do (CSV upload). */
export async function importQualified(admin: HttpClient, students: Student[]) {
  const csv = [
    'email,name,category,score,total,qualified',
    ...students.map((s) => `${s.email},${s.name},junior,48,60,true`),
  ].join('\n');
  const form = new FormData();
  form.append('file', new Blob([`${csv}\n`], { type: 'text/csv' }), 'results.csv');
  expectStatus(await admin.post('/api/v1/admin/preliminary/import', form), 200);
}

/** An instant as the admin calls take it (ISO 8601 in Asia/Dhaka). */
const dhakaIso = (ms: number) => new Date(ms + 6 * 3_600_000).toISOString().replace(/\.\d{3}Z$/, '+06:00');

/** Opens the juniors' exam now, for two hours or the time given (the server's own clock decides). */
export async function openJuniorExam(admin: HttpClient, endsInMs = 2 * 3_600_000) {
  const now = Date.now();
  const response = await admin.put('/api/v1/admin/exams/junior', {
    starts_at: dhakaIso(now - 10 * 60_000),
    ends_at: dhakaIso(now + endsInMs),
  });
  expectStatus(response, 200);
}

/** The id of a student's registration, from the organisers' list. */
export async function registrationIdOf(admin: HttpClient, email: string) {
  const response = await admin.get(`/api/v1/admin/registrations?q=${encodeURIComponent(email)}`);
  expectStatus(response, 200);
  const found = (response.body.data as Array<{ id: string; email: string }>).find((r) => r.email === email);
  if (!found) throw new Error(`no registration of ${email}`);
  return found.id;
}

/** An account, a final-round registration and its approval: a student who may sit the exam. */
export async function approvedStudent(env: FaultEnvironment, admin: HttpClient, student: Student) {
  const browser = env.client();
  expectStatus(await browser.post('/api/v1/register', accountOf(student)), 201);
  await verifyThroughOutbox(env.query, browser, student.email);
  expectStatus(await browser.post('/api/v1/ngso-1/registration', registrationFormOf(student)), 201);
  const id = await registrationIdOf(admin, student.email);
  expectStatus(await admin.post(`/api/v1/admin/registrations/${id}/approve`, {}), 200);
  const user = (await browser.get('/api/v1/user')).body.user as { id: string };
  return { browser, student, userId: user.id };
}

/** A small photo of an answer sheet (a JPEG of a few kilobytes). */
export const answerPhoto = (shade: number) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: { r: shade % 256, g: 120, b: 200 } } })
    .jpeg({ quality: 80 })
    .toBuffer();

export function photoForm(photo: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'answer.jpg');
  return form;
}

/** Polls until `check` returns a value other than undefined, or fails after the time-out. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The outbox row id a delivered mail carries in its Message-ID (`<outbox-ID@host>`). */
export const outboxIdOf = (messageId: string | undefined) =>
  Number(/^<outbox-(\d+)@/.exec(messageId ?? '')?.[1]);
