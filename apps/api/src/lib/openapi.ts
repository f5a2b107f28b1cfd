import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * What the served OpenAPI document says beyond each route's own schema, so that a client generator, a
 * gateway or a linter reads the contract right: every operation has a stable operationId, and declares
 * how it is reached: the session cookie, the CSRF header rule for a state-changing call, both, or
 * neither (public). `npm run lint:openapi` checks the served document with Redocly's rules.
 */

/** Marks a route hook that refuses a request without a session (401): its routes declare the cookie. */
const SESSION_REQUIRED = Symbol('session required');

export function sessionRequired<Hook extends (...args: never[]) => unknown>(hook: Hook): Hook {
  Object.defineProperty(hook, SESSION_REQUIRED, { value: true });
  return hook;
}

/** Whether one of a route's hooks is marked by sessionRequired. */
export function requiresSession(route: Pick<RouteOptions, 'onRequest' | 'preValidation' | 'preHandler'>) {
  const hooks = [route.onRequest, route.preValidation, route.preHandler].flat();
  return hooks.some((hook) => typeof hook === 'function' && SESSION_REQUIRED in hook);
}

/** The names of the two security schemes. */
export const SESSION_SCHEME = 'sessionCookie';
export const CSRF_SCHEME = 'csrfHeader';

export const securitySchemes = (sessionCookieName: string) => ({
  [SESSION_SCHEME]: {
    type: 'apiKey' as const,
    in: 'cookie' as const,
    name: sessionCookieName,
    description:
      'The session: an opaque HttpOnly cookie set by POST /api/v1/login (named __Host-ngso_session over ' +
      'HTTPS). Without it, or with an ended one, the call answers 401.',
  },
  [CSRF_SCHEME]: {
    type: 'apiKey' as const,
    in: 'header' as const,
    name: 'X-Requested-With',
    description:
      'Every POST, PUT, PATCH and DELETE under /api sends X-Requested-With: XMLHttpRequest and, when the ' +
      'browser says where it comes from (Origin, Sec-Fetch-Site), comes from this site; otherwise 403.',
  },
});

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The security of one operation: the session cookie when it requires one, the CSRF header when it
 * changes state, both together, or an empty list for a public read (declared public, not forgotten).
 */
export function securityOf(method: string, sessionNeeded: boolean): Array<Record<string, string[]>> {
  const requirement: Record<string, string[]> = {};
  if (sessionNeeded) requirement[SESSION_SCHEME] = [];
  if (!SAFE_METHODS.has(method.toUpperCase())) requirement[CSRF_SCHEME] = [];
  return Object.keys(requirement).length > 0 ? [requirement] : [];
}

const words = (segment: string) => segment.split(/[^A-Za-z0-9]+/).filter(Boolean);
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A stable operationId from the method and the path (it changes only when they do): the method, then
 * each path segment after /api/v1 in camel case, a parameter as By<Name>. For example
 * PUT /api/v1/admin/users/:id/role is putAdminUsersByIdRole, GET /api/v1/:competition/exam
 * getByCompetitionExam, GET /api/v1/admin/registrations.csv getAdminRegistrationsCsv.
 */
export function operationIdOf(method: string, url: string): string {
  const segments = url
    .replace(/^\/api(\/v1)?/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const parameter = /^[:{](\w+)}?$/.exec(segment);
      if (parameter?.[1]) return `By${capital(parameter[1])}`;
      return words(segment).map(capital).join('');
    });
  return `${method.toLowerCase()}${segments.join('') || 'Root'}`;
}

const methodOf = (route: RouteOptions) =>
  [route.method].flat().find((method) => method !== 'HEAD') ?? [route.method].flat()[0] ?? 'GET';

/** The zod schema transform, plus the operationId and the security of each operation. */
export const contractTransform: SwaggerTransform<FastifySchema & { hide?: boolean }> = (input) => {
  const transformed = jsonSchemaTransform(input);
  const method = methodOf(input.route);
  const schema = transformed.schema as FastifySchema & { operationId?: string; security?: unknown };
  return {
    url: transformed.url,
    schema: {
      ...schema,
      operationId: schema.operationId ?? operationIdOf(method, input.url),
      security: schema.security ?? securityOf(method, requiresSession(input.route)),
    },
  };
};
