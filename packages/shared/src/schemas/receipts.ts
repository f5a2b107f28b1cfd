import { z } from 'zod';
import { msg, text } from './common.ts';
import { Sha256Schema } from './exam.ts';

/**
 * A receipt for a photo's commitment (docs/decisions/062-signed-receipts.md): `v1.<payload>.<signature>`,
 * both parts base64url, the payload the canonical JSON of `ReceiptPayload`, the signature Ed25519 over the
 * ASCII of `v1.<payload>`. The longest one is about 500 characters.
 */
export const RECEIPT_MAX_LENGTH = 1000;

/** What a receipt says; the keys short, in this order, since every receipt carries them. */
export const ReceiptPayloadSchema = z.strictObject({
  /** The signing key's id (`kid` of GET /v1/receipts/public-key). */
  k: z.string().regex(/^[0-9a-f]{16}$/),
  /** The competition's code. */
  c: z.string().min(1).max(64),
  /** The student's roll number. */
  r: z.string().min(1).max(64),
  /** The question's number in the exam (1 is the first) and its id. */
  n: z.number().int().min(1),
  q: z.string().min(1).max(64),
  /** The photo: SHA-256 of its bytes and its size in bytes. */
  h: Sha256Schema,
  s: z.number().int().min(1),
  /** When the server first heard of the photo (ISO 8601, UTC). */
  t: z.iso.datetime(),
});
export type ReceiptPayload = z.infer<typeof ReceiptPayloadSchema>;

/** `POST /v1/receipts/verify`. */
export const VerifyReceiptSchema = z.object({
  receipt: text({ typeError: 'receipt.invalid' })
    .min(1, msg('receipt.invalid'))
    .max(RECEIPT_MAX_LENGTH, msg('receipt.invalid')),
});

/** What a genuine receipt proves, as the verification page shows it. */
export const VerifiedReceiptSchema = z.object({
  competition: z.string(),
  /** The competition's name, when it is still known. */
  competition_name: z.string().nullable(),
  roll_number: z.string(),
  question_number: z.number(),
  question_id: z.string(),
  sha256: z.string(),
  size: z.number(),
  /** The server's time of the commitment, in Dhaka time. */
  committed_at: z.string(),
  key_id: z.string(),
  /** The short code the exam page showed for it. */
  code: z.string(),
});
export type VerifiedReceipt = z.infer<typeof VerifiedReceiptSchema>;
export const VerifyReceiptResponseSchema = z.object({
  status: z.literal('success'),
  data: VerifiedReceiptSchema,
});

/** `GET /v1/receipts/public-key`: the key that verifies receipts, for anyone who wants to check one alone. */
export const ReceiptPublicKeyResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({
    algorithm: z.literal('Ed25519'),
    key_id: z.string(),
    /** SubjectPublicKeyInfo, PEM. */
    public_key_pem: z.string(),
    /** The same key, the SPKI's DER in base64. */
    public_key_spki: z.string(),
    /** What is signed and how (for an independent verifier). */
    format: z.string(),
  }),
});
