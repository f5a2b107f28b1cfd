import { ErrorResponseSchema } from '@ngso/shared/schemas/common';
import {
  ReceiptPublicKeyResponseSchema,
  VerifyReceiptResponseSchema,
  VerifyReceiptSchema,
} from '@ngso/shared/schemas/receipts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkReceipt } from './receipts.service.ts';

/** How a receipt is made, for anyone who checks one with the public key alone. */
const FORMAT =
  'v1.<payload>.<signature>, both base64url (no padding); the signature is Ed25519 over the ASCII bytes of ' +
  '"v1.<payload>"; the payload is JSON {k: key id, c: competition code, r: roll number, n: question number, ' +
  "q: question id, h: the photo's SHA-256 (hex), s: its size in bytes, t: the server's time of the commitment " +
  "(ISO 8601, UTC)}. The key id is the first 16 hex digits of the SHA-256 of the public key's SPKI (DER).";

/** Receipts of photo commitments: the public key, and the public check (docs/decisions/062-signed-receipts.md). */
export const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/receipts/public-key',
    {
      schema: {
        tags: ['receipts'],
        summary: 'The public key that verifies receipts of photo commitments, and its id',
        response: { 200: ReceiptPublicKeyResponseSchema },
      },
    },
    async () => {
      const { id, publicKey } = app.services.receipts.signing;
      return {
        status: 'success' as const,
        data: {
          algorithm: 'Ed25519' as const,
          key_id: id,
          public_key_pem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
          public_key_spki: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
          format: FORMAT,
        },
      };
    },
  );

  app.post(
    '/v1/receipts/verify',
    {
      schema: {
        tags: ['receipts'],
        summary: "Public check of a photo's receipt: what it proves, or why it is refused",
        description:
          'A genuine receipt answers the competition, roll number, question, photo hash and size and the ' +
          "server's time of the commitment (Dhaka time). A receipt that is not one answers 422 " +
          '(receipt.invalid); one whose signature does not hold (changed, or signed by an unknown key) 422 ' +
          '(receipt.notGenuine). At most 600 checks per address in 10 minutes (429 with Retry-After).',
        body: VerifyReceiptSchema,
        response: {
          200: VerifyReceiptResponseSchema,
          422: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      await app.services.limits.consume({ receiptVerifyPerIp: request.ip });
      return { status: 'success' as const, data: await checkReceipt(app.services, request.body.receipt) };
    },
  );
};
