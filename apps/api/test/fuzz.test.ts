import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredStudent, signedInAdmin } from './helpers/fixtures.ts';
import { client, createTestApp } from './helpers/test-app.ts';

/**
 * Hostile input for every JSON call, as each role: wrong types, huge and odd strings, nested junk, SQL and
 * HTML metacharacters, prototype-pollution keys. Whatever arrives, the answer is never a 5xx, always the
 * envelope. FUZZ_RUNS raises the count (the full run is a script; CI runs a bounded one).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);

let t: Awaited<ReturnType<typeof createTestApp>>;
const roles: Record<string, ReturnType<typeof client>> = {};

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'off' } });
  roles.signedOut = client(t.app);
  roles.student = (await registeredStudent(t, 'approved')).browser;
  roles.admin = await signedInAdmin(t);
});
afterAll(() => t.close());

const hostileString = fc.oneof(
  fc.string({ maxLength: 50 }),
  fc.constantFrom(
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '\u0000',
    '\uD800',
    '১২৩ ক্ষ',
    '%s%n%x',
    '00000000-0000-4000-8000-000000000000',
    'ngso-1',
    '2025-01-14T17:00:00+06:00',
  ),
  fc.string({ minLength: 5000, maxLength: 20000 }),
);
const hostileValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(hostileString, fc.constantFrom('__proto__', 'constructor', 'prototype')),
      tie('value'),
      {
        maxKeys: 4,
      },
    ),
  ),
})).value;
/** Objects with the route's likely field names, so validation goes deeper than the first check. */
const FIELDS = [
  'email',
  'password',
  'name',
  'phone_number',
  'token',
  'question_id',
  'image_urls',
  'version',
  'marks',
  'comment',
  'reason',
  'class',
  'division',
  'district',
  'sub_district',
  'transaction_id',
  'starts_at',
  'ends_at',
  'user_id',
  'minutes',
  'role',
  'ids',
  'override',
  'category',
  'language',
];
const body = fc.oneof(
  hostileValue,
  fc.dictionary(fc.constantFrom(...FIELDS, '__proto__', 'constructor'), hostileValue, { maxKeys: 8 }),
);

const fill = (url: string, value: string) => url.replace(/:[A-Za-z]+/g, value);
/** A lone surrogate cannot be URL-encoded; a browser would not send one either. */
const encode = (text: string) => {
  try {
    return encodeURIComponent(text).slice(0, 300);
  } catch {
    return 'x';
  }
};

describe('hostile payloads', () => {
  it('never get a 5xx or a crash, and always the envelope, from any JSON call as any role', async () => {
    const routes = t.app.routeTable.filter(
      (r) =>
        r.url.startsWith('/api/') &&
        ['POST', 'PUT', 'GET', 'DELETE'].includes(r.method) &&
        !r.url.includes('upload') &&
        !r.url.includes('photo') &&
        !r.url.includes('import'),
    );
    expect(routes.length).toBeGreaterThan(30);
    const failures: string[] = [];
    for (const route of routes) {
      for (const [role, who] of Object.entries(roles)) {
        await fc.assert(
          fc.asyncProperty(body, hostileString, async (payload, segment) => {
            const url = fill(route.url, encode(segment) || 'x');
            const response =
              route.method === 'GET' || route.method === 'DELETE'
                ? await who.request({ method: route.method, url: `${url}?q=${encode(segment)}` })
                : await who.request({
                    method: route.method as 'POST',
                    url,
                    payload: JSON.stringify(payload),
                    headers: { 'content-type': 'application/json' },
                  });
            if (response.statusCode >= 500)
              failures.push(
                `${route.method} ${route.url} as ${role}: ${response.statusCode} ${response.body.slice(0, 200)}`,
              );
            const type = String(response.headers['content-type'] ?? '');
            if (response.statusCode >= 400 && type.includes('json')) {
              const parsed = response.json();
              if (parsed.status !== 'error' || typeof parsed.message !== 'string') {
                failures.push(
                  `${route.method} ${route.url} as ${role}: not the envelope: ${response.body.slice(0, 200)}`,
                );
              }
            }
          }),
          { numRuns: RUNS },
        );
      }
    }
    expect(failures.slice(0, 10)).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 300_000);
});
