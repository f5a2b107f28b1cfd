import type { FastifySchema } from 'fastify';

/**
 * A console call's options (organisers and graders): listed under `admin` in the OpenAPI document, behind
 * the guard given (a role check), which runs before anything of the request is read.
 */
export const consoleRoute = <Guard, Schema extends FastifySchema>(guard: Guard, schema: Schema) => ({
  schema: { tags: ['admin'], ...schema },
  preValidation: guard,
});

/** The success envelope of api.md around a call's data. */
export const success = <Data>(data: Data) => ({ status: 'success' as const, data });
