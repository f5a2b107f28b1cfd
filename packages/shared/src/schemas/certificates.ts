import { z } from 'zod';
import { AWARDS } from './results.ts';

/**
 * What a certificate says a finalist won: an award band of the standings (`prize` is printed as an
 * honourable mention), or `participation` (docs/decisions/033-certificates.md).
 */
export const CERTIFICATE_AWARDS = [...AWARDS, 'participation'] as const;
export type CertificateAward = (typeof CERTIFICATE_AWARDS)[number];

/**
 * The public answer for a certificate's code (GET /v1/verify/:code): that it is genuine, the name, the
 * award and the year; nothing more personal. An admit card's code keeps its own answer.
 */
export const CertificateCheckSchema = z.object({
  document: z.literal('certificate'),
  genuine: z.literal(true),
  name: z.string(),
  award: z.enum(CERTIFICATE_AWARDS),
  year: z.number().int(),
});
export type CertificateCheck = z.infer<typeof CertificateCheckSchema>;

/** `?lang=` picks the certificate's language; without it, the account's. */
export const CertificateQuerySchema = z.object({ lang: z.enum(['en', 'bn']).optional() });
