import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp } from './helpers/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Operation = { operationId?: string; security?: Array<Record<string, string[]>> };

async function served() {
  const doc = (await client(t.app).get('/api/openapi.json')).json();
  const operations: Array<{ key: string; op: Operation }> = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
    for (const [method, op] of Object.entries(item))
      operations.push({ key: `${method.toUpperCase()} ${path}`, op });
  }
  return { doc, operations };
}

const securityOf = async (key: string) => (await served()).operations.find((o) => o.key === key)?.op.security;

describe('the served OpenAPI document as other tools read it', () => {
  it('gives every operation its own operationId', async () => {
    const { operations } = await served();
    const ids = operations.map(({ op }) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(operations.length);
  });

  it('describes the session cookie and the CSRF header rule as security schemes', async () => {
    const { doc } = await served();
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'ngso_session',
    });
    expect(doc.components.securitySchemes.csrfHeader).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-Requested-With',
    });
  });

  it('declares the security of every operation, public ones as such', async () => {
    const { operations } = await served();
    expect(operations.filter(({ op }) => !Array.isArray(op.security)).map(({ key }) => key)).toEqual([]);
    expect(await securityOf('GET /api/v1/time')).toEqual([]);
    expect(await securityOf('GET /api/v1/verify/{code}')).toEqual([]);
    expect(await securityOf('POST /api/v1/login')).toEqual([{ csrfHeader: [] }]);
    expect(await securityOf('GET /api/v1/user')).toEqual([{ sessionCookie: [] }]);
    expect(await securityOf('GET /api/v1/{competition}/exam')).toEqual([{ sessionCookie: [] }]);
    expect(await securityOf('PUT /api/v1/admin/users/{id}/role')).toEqual([
      { sessionCookie: [], csrfHeader: [] },
    ]);
  });

  it('matches what the server does: an operation it declares public answers without a session', async () => {
    const browser = client(t.app);
    expect((await browser.get('/api/v1/time')).statusCode).toBe(200);
    expect((await browser.get('/api/v1/user')).statusCode).toBe(401);
    expect((await browser.get('/api/v1/admin/users')).statusCode).toBe(401);
  });
});
