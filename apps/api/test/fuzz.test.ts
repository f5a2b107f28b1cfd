import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredStudent, signedInAdmin, signedInGrader } from './helpers/fixtures.ts';
import { client, createTestApp } from './helpers/test-app.ts';

/**
 * Hostile input for every call of the server, signed out and as each role (student, grader, admin): wrong types, huge and odd strings, nested junk, SQL and
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
  roles.grader = await signedInGrader(t);
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
    'Dhaka\u0000College',
    '\u001b[31mred\u001b[0m\u0007\u007f\u0085',
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

/** The JSON answers that a shared cache may keep: nothing personal in them (security.md, V14.3.2). */
const PUBLIC_BY_DESIGN = new Set([
  'GET /api/v1/:competition/paper-key/:category', // the paper's key, from the start on
  'GET /api/v1/tutorials', // the home page's tutorial videos
]);

describe('hostile payloads', () => {
  it('never get a 5xx or a crash, and always the envelope, from any JSON call as any role', async () => {
    // Every route, uploads, answer photos and imports included: a JSON body where bytes or a form are
    // expected is a 4xx too.
    const routes = t.app.routeTable.filter(
      (r) => r.url.startsWith('/api/') && ['POST', 'PUT', 'GET', 'DELETE'].includes(r.method),
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
            // security.md V14.3.2: no JSON answer is cached, but the two public by design.
            if (
              type.includes('json') &&
              response.headers['cache-control'] !== 'no-store' &&
              !PUBLIC_BY_DESIGN.has(`${route.method} ${route.url}`)
            )
              failures.push(
                `${route.method} ${route.url} as ${role}: Cache-Control ${response.headers['cache-control']}`,
              );
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

/** Every kind of control character a client could slip into a text: NUL, a C0 control, DEL, a C1 control. */
const CONTROL_CHARACTERS = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085'];
const CONTROL_MESSAGE =
  'This text contains an invisible control character (such as NUL). Please remove it or type the text again.';

/**
 * Fields that hold no text a person typed: passwords are hashed byte for byte as received (ASVS V6.2.8) and
 * never stored as text; identifiers and hashes are matched against stored values.
 */
const NOT_TEXT = /password|(^|_)ids?$|sha256/;

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  pattern?: string;
  format?: string;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
};

/** The schema is a free string (not an enum, pattern or format), possibly nullable. */
function isFreeString(schema: JsonSchema): boolean {
  if (schema.anyOf) return schema.anyOf.some(isFreeString);
  const types = [schema.type].flat();
  return types.includes('string') && !schema.enum && !schema.pattern && !schema.format;
}

/** Every JSON body's and every query's free-text field, from the app's own OpenAPI document. */
function textFields() {
  const doc = t.app.swagger() as {
    paths: Record<
      string,
      Record<
        string,
        {
          requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
          parameters?: Array<{ in: string; name: string; schema: JsonSchema }>;
        }
      >
    >;
  };
  const fields: Array<{
    method: string;
    path: string;
    pathValues: Record<string, unknown>;
    where: 'body' | 'query';
    name: string;
  }> = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      // A path segment that must be one of a list (a category) gets a valid one, so the body is read.
      const pathValues = Object.fromEntries(
        (operation.parameters ?? [])
          .filter((parameter) => parameter.in === 'path' && parameter.schema.enum)
          .map((parameter) => [parameter.name, parameter.schema.enum?.[0]]),
      );
      const properties = operation.requestBody?.content?.['application/json']?.schema?.properties ?? {};
      for (const [name, schema] of Object.entries(properties)) {
        if (!NOT_TEXT.test(name) && isFreeString(schema))
          fields.push({ method, path, pathValues, where: 'body', name });
      }
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'query' && !NOT_TEXT.test(parameter.name) && isFreeString(parameter.schema)) {
          fields.push({ method, path, pathValues, where: 'query', name: parameter.name });
        }
      }
    }
  }
  return fields;
}

describe('control characters', () => {
  it('are refused in every text field of every call with 422 and the field message, never a 5xx', async () => {
    // Fresh sessions: the hostile run above may have signed the shared ones out.
    const admin = await signedInAdmin(t, 'control-characters@example.com');
    const fields = textFields();
    // The profile, registration, rejection reasons, questions, comments, e-books, final-round details …
    expect(fields.map((f) => f.name)).toEqual(
      expect.arrayContaining([
        'institution',
        'name',
        'reason',
        'questionEnglish',
        'comment',
        'title',
        'venue',
        'q',
      ]),
    );
    const failures: string[] = [];
    for (const field of fields) {
      for (const control of CONTROL_CHARACTERS) {
        const value = `Dhaka${control}College`;
        const url = field.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
          String(field.pathValues[name] ?? '00000000-0000-4000-8000-000000000000'),
        );
        const response =
          field.where === 'query'
            ? await admin.request({
                method: field.method.toUpperCase() as 'GET',
                url: `${url}?${field.name}=${encodeURIComponent(value)}`,
              })
            : await admin.request({
                method: field.method.toUpperCase() as 'POST',
                url,
                payload: { [field.name]: value },
              });
        const messages: string[] =
          response.statusCode === 422 ? (response.json().errors?.[field.name] ?? []) : [];
        if (!messages.includes(CONTROL_MESSAGE)) {
          failures.push(
            `${field.method} ${field.path} ${field.where}.${field.name} with U+${control.codePointAt(0)?.toString(16).padStart(4, '0')}: ${response.statusCode} ${response.body.slice(0, 160)}`,
          );
        }
      }
    }
    expect(
      failures.map((f) => f.replace(/ with U\+\w+: .*/, '')).filter((f, i, all) => all.indexOf(f) === i),
    ).toEqual([]);
    expect(failures).toEqual([]);
  });

  it('are refused in Bangla too, and a line break is a control character in a one-line field', async () => {
    const student = (await registeredStudent(t, 'pending')).browser;
    const bangla = await student.request({
      method: 'PUT',
      url: '/api/v1/user/profile',
      payload: { institution: 'Dhaka\u0000College' },
      headers: { 'accept-language': 'bn' },
    });
    expect(bangla.statusCode).toBe(422);
    expect(bangla.json().errors.institution).toEqual([
      'এই লেখায় একটি অদৃশ্য কন্ট্রোল অক্ষর (যেমন NUL) আছে। সেটি মুছে দিন বা লেখাটি আবার টাইপ করুন।',
    ]);
    const oneLine = await student.request({
      method: 'PUT',
      url: '/api/v1/user/profile',
      payload: { institution: 'Dhaka\nCollege' },
    });
    expect(oneLine.json().errors.institution).toEqual([CONTROL_MESSAGE]);
    const saved = await student.request({
      method: 'PUT',
      url: '/api/v1/user/profile',
      payload: { institution: 'Dhaka College' },
    });
    expect(saved.statusCode).toBe(200);
  });
});
