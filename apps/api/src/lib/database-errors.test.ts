import { messagesBn } from '@ngso/shared/messages/bn';
import { messagesEn } from '@ngso/shared/messages/en';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorsPlugin } from '../plugins/errors.ts';
import { isDatabaseUnavailable } from './database-errors.ts';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('a database that cannot be reached', () => {
  it('is recognised by SQLSTATE, socket error and node-postgres message, also when Drizzle wraps it', () => {
    for (const code of [
      '57P01',
      '57P02',
      '57P03',
      '53300',
      '08006',
      '08001',
      '08P01',
      'ECONNREFUSED',
      'ECONNRESET',
    ]) {
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(true);
    }
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isDatabaseUnavailable(new Error('Client has encountered a connection error and is not queryable')),
    ).toBe(true);
    expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], withCode('ECONNREFUSED')))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED')], 'connect failed'))).toBe(
      true,
    );
  });

  it('is not confused with a fault in a query', () => {
    for (const code of ['23505', '42P01', '22P02', '40001', 'ENOENT']) {
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(false);
    }
    expect(isDatabaseUnavailable(new DrizzleQueryError('select x', [], withCode('42703')))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  it('answers 503 with Retry-After and the message in the envelope, in the reader’s language', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.get('/down', async () => {
      throw new DrizzleQueryError('select 1', [], withCode('57P01', 'terminating connection'));
    });
    app.get('/bug', async () => {
      throw new Error('a bug');
    });

    const down = await app.inject({ url: '/down' });
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.json()).toEqual({ status: 'error', message: messagesEn['server.unavailable'] });
    const bangla = await app.inject({ url: '/down', headers: { 'accept-language': 'bn' } });
    expect(bangla.json()).toEqual({ status: 'error', message: messagesBn['server.unavailable'] });

    const bug = await app.inject({ url: '/bug' });
    expect(bug.statusCode).toBe(500);
    expect(bug.headers['retry-after']).toBeUndefined();
    await app.close();
  });
});
