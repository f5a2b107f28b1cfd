import { UPLOAD_MAX_MEGABYTES } from '@ngso/shared/constants';
import { messagesEn } from '@ngso/shared/messages/en';
import { z } from 'zod';
import { newPasswordProblem } from './checks/password-rules.ts';
import { parseRetiredKeys, parseSigningKey } from './checks/receipt-key-format.ts';

/**
 * PostgreSQL connections a process keeps at most. At the exam's end, 20 were all busy for seconds at a time,
 * with up to 367 queries waiting for one (the students' commitments among them) while the database waited
 * for its log's flushes: with 40, its commits flush together (decision 056).
 */
export const DEFAULT_DATABASE_POOL_SIZE = 40;

/** The metrics' port: the one Prometheus's list of default exporter ports gives OpenTelemetry's exporter. */
export const DEFAULT_METRICS_PORT = 9464;

/** Environment variables (decisions.md, Configuration). Parsed once at start-up. */
const onOff = z.enum(['on', 'off']);

/** The first admin of .env.example: started with it, a server would have an admin anyone can look up. */
export const EXAMPLE_ADMIN = {
  email: 'admin@olympiad.example.org',
  password: 'change-me-to-a-long-password',
};
const notTheExample = 'is the example of .env.example; choose your own';

export const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    /**
     * The port of the process's Prometheus metrics (GET /metrics), a listener of its own; `off`: none
     * (docs/decisions/064-metrics.md). Each process on a machine needs its own.
     */
    METRICS_PORT: z
      .union([z.literal('off'), z.coerce.number().int().min(0).max(65535)])
      .default(DEFAULT_METRICS_PORT),
    /** The address the metrics listen on: this machine only, unless the operators' Prometheus is elsewhere. */
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    /** Connections to PostgreSQL per process (docs/decisions/056-forty-database-connections-a-process.md). */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(DEFAULT_DATABASE_POOL_SIZE),
    BASE_URL: z.url().optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('National General Science Olympiad <no-reply@localhost>'),
    ADMIN_EMAIL: z
      .email()
      .refine((email) => email.toLowerCase() !== EXAMPLE_ADMIN.email, notTheExample)
      .optional(),
    /** Held to every account's password rules (checks/password-rules.ts), below, with ADMIN_EMAIL's words. */
    ADMIN_PASSWORD: z
      .string()
      .refine((password) => password !== EXAMPLE_ADMIN.password, notTheExample)
      .optional(),
    /** `true` lets a production server run with an http:// (or no) BASE_URL: a trial on one machine only. */
    ALLOW_HTTP_BASE_URL: z.enum(['true', 'false']).default('false'),
    RATE_LIMITS: onOff.default('on'),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
    TRUST_PROXY: z.string().optional(),
    SESSION_SECRET: z.string().min(32).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().optional(),
    /** Seconds after the end during which saves of uploads already under way are still accepted. */
    EXAM_GRACE_SECONDS: z.coerce.number().int().min(0).max(600).default(60),
    /** Minutes before a category's start from which its entrants' pages may download the encrypted paper. */
    EXAM_PAPER_LEAD_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(15),
    /**
     * Minutes after a student's end during which the bytes of photos committed in time (and of late
     * photos) are still accepted; never after the category's results are published.
     */
    EXAM_DELIVERY_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .default(60),
    UPLOAD_MAX_MEGABYTES: z.coerce.number().positive().max(100).default(UPLOAD_MAX_MEGABYTES),
    /**
     * Image jobs this process works at once (re-encoding of acknowledged uploads); 0: it only queues them,
     * for separate `npm run worker` processes (PostgreSQL only).
     */
    IMAGE_WORKERS: z.coerce.number().int().min(0).max(64).default(2),
    /** Seconds after which an image job whose process went silent (killed, machine lost) runs again. */
    IMAGE_JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
    /** Where uploaded files live: `local` (DATA_DIR/uploads) or `s3` (an S3-compatible bucket, S3_* below). */
    STORAGE: z.enum(['local', 's3']).default('local'),
    /** The S3 API's address; unset: AWS S3 of S3_REGION. */
    S3_ENDPOINT: z.url().optional(),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 of a-z, 0-9, dots, hyphens)')
      .optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** `true`: the bucket in the path (MinIO, Swift, Ceph); `false`: in the host name (AWS S3). */
    S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
    /** Seconds before the first retry of a mail the mail server refused; each further wait doubles (max 1 h). */
    MAIL_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /**
     * The Ed25519 private key that signs the receipts of photo commitments (PKCS#8, PEM or its DER in
     * base64); unset: one made once and kept in DATA_DIR (refused in production, decision 062).
     */
    RECEIPT_SIGNING_KEY: z
      .string()
      .refine(
        (text) => parseSigningKey(text) !== undefined,
        'must be an Ed25519 private key (PKCS#8, PEM or base64)',
      )
      .optional(),
    /** Public keys of earlier signing keys whose receipts still verify (SPKI DER in base64, comma-separated). */
    RECEIPT_RETIRED_PUBLIC_KEYS: z
      .string()
      .refine(
        (text) => parseRetiredKeys(text) !== undefined,
        'must be Ed25519 public keys (SPKI DER in base64), separated by commas',
      )
      .optional(),
  })
  .transform((env) => ({
    ...env,
    BASE_URL: (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    /** False when BASE_URL is the default: the site may then be opened at any address of this server. */
    BASE_URL_EXPLICIT: env.BASE_URL !== undefined,
  }))
  // In production, links in mails, QR codes, Secure cookies and HSTS all need the site's real https address.
  .refine(
    (env) =>
      env.NODE_ENV !== 'production' ||
      (env.BASE_URL_EXPLICIT && env.BASE_URL.startsWith('https://')) ||
      env.ALLOW_HTTP_BASE_URL === 'true',
    {
      message:
        "must be the site's https:// address when NODE_ENV=production (set ALLOW_HTTP_BASE_URL=true to run over http anyway)",
      path: ['BASE_URL'],
    },
  )
  .refine(
    (env) =>
      env.STORAGE !== 's3' ||
      (env.S3_BUCKET !== undefined &&
        env.S3_ACCESS_KEY_ID !== undefined &&
        env.S3_SECRET_ACCESS_KEY !== undefined),
    {
      message: 'S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set when STORAGE=s3',
      path: ['STORAGE'],
    },
  )
  // Receipts are a student's proof: every process must sign with the same key, kept apart from the data.
  .refine(
    (env) =>
      env.NODE_ENV !== 'production' ||
      env.RECEIPT_SIGNING_KEY !== undefined ||
      env.ALLOW_HTTP_BASE_URL === 'true',
    {
      message:
        'must be set when NODE_ENV=production (an Ed25519 private key: openssl genpkey -algorithm ed25519); a trial with ALLOW_HTTP_BASE_URL=true makes one in DATA_DIR',
      path: ['RECEIPT_SIGNING_KEY'],
    },
  )
  // The metrics are for the operators' Prometheus: never on the site's own port.
  .refine((env) => env.METRICS_PORT === 'off' || env.METRICS_PORT === 0 || env.METRICS_PORT !== env.PORT, {
    message: "must not be the site's PORT: the metrics have a listener of their own (or set it to off)",
    path: ['METRICS_PORT'],
  })
  .refine((env) => (env.ADMIN_EMAIL === undefined) === (env.ADMIN_PASSWORD === undefined), {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    path: ['ADMIN_PASSWORD'],
  })
  // The first admin's password follows the rules of every account's, said in the rule's own sentence.
  .superRefine((env, context) => {
    if (env.ADMIN_PASSWORD === undefined) return;
    const problem = newPasswordProblem(env.ADMIN_PASSWORD, { email: env.ADMIN_EMAIL });
    if (problem) context.addIssue({ code: 'custom', message: messagesEn[problem], path: ['ADMIN_PASSWORD'] });
  });

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

const SECRET_NAMES = new Set([
  'ADMIN_PASSWORD',
  'SESSION_SECRET',
  'DATABASE_URL',
  'SMTP_URL',
  'REDIS_URL',
  'S3_SECRET_ACCESS_KEY',
  'RECEIPT_SIGNING_KEY',
]);

/** Parses the environment; a wrong variable stops start-up with a sentence naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = ConfigSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = issue.path.join('.') || 'environment';
      const shown = SECRET_NAMES.has(name) ? 'a hidden value' : JSON.stringify(env[name] ?? null);
      return `${name}: ${issue.message} (got ${shown})`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return result.data;
}
