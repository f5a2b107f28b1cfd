import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** A receipt signing key as an operator would set it: PKCS#8 PEM. */
const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

/** The value .env.example shows for a variable (commented out or not). */
const exampleValue = (name: string) =>
  new RegExp(`^#? ?${name}=(.*)$`, 'm').exec(
    readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8'),
  )?.[1];

describe('loadConfig', () => {
  it('gives the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      BASE_URL: 'http://localhost:3000',
      RATE_LIMITS: 'on',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.DATABASE_POOL_SIZE).toBe(40);
    expect(exampleValue('DATABASE_POOL_SIZE')).toBe('40');
  });

  it('refuses a database pool of fewer than two connections, naming the variable', () => {
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '1' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(loadConfig({ DATABASE_POOL_SIZE: '60' }).DATABASE_POOL_SIZE).toBe(60);
  });

  it('derives BASE_URL from PORT and drops a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).BASE_URL).toBe('http://localhost:8080');
    expect(loadConfig({ BASE_URL: 'https://ngso.example/' }).BASE_URL).toBe('https://ngso.example');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail' }],
    ['RATE_LIMITS', { RATE_LIMITS: 'maybe' }],
    ['BASE_URL', { BASE_URL: 'not a url' }],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'a@b.co' }],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'Password123' }],
  ])('stops with a sentence naming %s', (name, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });

  it('refuses the first admin of .env.example, naming the variable and hiding the password', () => {
    const email = exampleValue('ADMIN_EMAIL') ?? '';
    const password = exampleValue('ADMIN_PASSWORD') ?? '';
    expect(email).toContain('@');
    expect(() => loadConfig({ ADMIN_EMAIL: email, ADMIN_PASSWORD: 'Own-admin-pass-1' })).toThrow(
      /^Invalid configuration:\n {2}ADMIN_EMAIL: is the example of \.env\.example; choose your own/,
    );
    expect(() => loadConfig({ ADMIN_EMAIL: 'boss@ngso.test', ADMIN_PASSWORD: password })).toThrow(
      /^Invalid configuration:\n {2}ADMIN_PASSWORD: is the example of \.env\.example; choose your own \(got a hidden value\)/,
    );
    expect(
      loadConfig({ ADMIN_EMAIL: 'boss@ngso.test', ADMIN_PASSWORD: 'Own-admin-pass-1' }).ADMIN_EMAIL,
    ).toBe('boss@ngso.test');
  });

  it('stops a production server without an https BASE_URL, unless ALLOW_HTTP_BASE_URL=true', () => {
    const refusal =
      /^Invalid configuration:\n {2}BASE_URL: must be the site's https:\/\/ address when NODE_ENV=production/;
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(refusal);
    expect(() => loadConfig({ NODE_ENV: 'production', BASE_URL: 'http://olympiad.example.org' })).toThrow(
      refusal,
    );
    expect(
      loadConfig({
        NODE_ENV: 'production',
        BASE_URL: 'https://olympiad.example.org',
        RECEIPT_SIGNING_KEY: pem,
      }).BASE_URL,
    ).toBe('https://olympiad.example.org');
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_HTTP_BASE_URL: 'true' }).BASE_URL).toBe(
      'http://localhost:3000',
    );
    expect(() => loadConfig({ NODE_ENV: 'production', ALLOW_HTTP_BASE_URL: 'yes' })).toThrow(
      /ALLOW_HTTP_BASE_URL/,
    );
    // Development and tests run over http as before.
    expect(loadConfig({ NODE_ENV: 'development' }).BASE_URL).toBe('http://localhost:3000');
  });

  it('stops a production server without a receipt signing key, unless it is a trial (ALLOW_HTTP_BASE_URL=true)', () => {
    const production = { NODE_ENV: 'production', BASE_URL: 'https://olympiad.example.org' };
    expect(() => loadConfig(production)).toThrow(
      /^Invalid configuration:\n {2}RECEIPT_SIGNING_KEY: must be set when NODE_ENV=production/,
    );
    expect(loadConfig({ ...production, RECEIPT_SIGNING_KEY: pem }).RECEIPT_SIGNING_KEY).toBe(pem);
    // The DER in base64, as a one-line variable holds it.
    const der = generateKeyPairSync('ed25519')
      .privateKey.export({ type: 'pkcs8', format: 'der' })
      .toString('base64');
    expect(loadConfig({ ...production, RECEIPT_SIGNING_KEY: der }).RECEIPT_SIGNING_KEY).toBe(der);
    expect(
      loadConfig({ NODE_ENV: 'production', ALLOW_HTTP_BASE_URL: 'true' }).RECEIPT_SIGNING_KEY,
    ).toBeUndefined();
  });

  it('refuses a receipt key that is not Ed25519, and never prints it', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    for (const wrong of [rsa.toString(), 'not-a-key']) {
      try {
        loadConfig({ RECEIPT_SIGNING_KEY: wrong });
        expect.unreachable();
      } catch (err) {
        expect((err as Error).message).toContain('RECEIPT_SIGNING_KEY: must be an Ed25519 private key');
        expect((err as Error).message).toContain('(got a hidden value)');
      }
    }
    expect(() => loadConfig({ RECEIPT_RETIRED_PUBLIC_KEYS: 'AAAA' })).toThrow(/RECEIPT_RETIRED_PUBLIC_KEYS/);
  });

  it('never prints a secret value', () => {
    try {
      loadConfig({ DATABASE_URL: 'mysql://user:hunter2@db' });
      expect.unreachable();
    } catch (err) {
      expect((err as Error).message).not.toContain('hunter2');
      expect((err as Error).message).toContain('a hidden value');
    }
  });

  it('keeps files in the local folder unless STORAGE=s3, which needs its bucket and keys', () => {
    expect(loadConfig({}).STORAGE).toBe('local');
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'ngso-files' })).toThrow(
      'STORAGE: S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set when STORAGE=s3 (got "s3")',
    );
    const s3 = loadConfig({
      STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'ngso-files',
      S3_ACCESS_KEY_ID: 'ngso',
      S3_SECRET_ACCESS_KEY: 'a-secret-key',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(s3).toMatchObject({ STORAGE: 's3', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: 'true' });
    expect(() => loadConfig({ S3_BUCKET: 'No_Such Bucket' })).toThrow(
      'S3_BUCKET: must be a bucket name (3-63 of a-z, 0-9, dots, hyphens) (got "No_Such Bucket")',
    );
  });

  it("serves the metrics on a port of their own: 9464 on 127.0.0.1 by default, off on request, never the site's", () => {
    const defaults = loadConfig({});
    expect([defaults.METRICS_PORT, defaults.METRICS_HOST]).toEqual([9464, '127.0.0.1']);
    expect(loadConfig({ METRICS_PORT: 'off' }).METRICS_PORT).toBe('off');
    expect(loadConfig({ METRICS_PORT: '13001', PORT: '3001' }).METRICS_PORT).toBe(13001);
    expect(() => loadConfig({ METRICS_PORT: '3001', PORT: '3001' })).toThrow(
      "METRICS_PORT: must not be the site's PORT",
    );
    expect(() => loadConfig({ METRICS_PORT: 'public' })).toThrow(ConfigError);
  });
});
