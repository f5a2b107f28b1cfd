import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Category } from '@ngso/shared/constants';
import type { Language } from '@ngso/shared/language';
import type { CertificateAward, CertificateCheck } from '@ngso/shared/schemas/certificates';
import type { Award } from '@ngso/shared/schemas/results';
import { Zip, ZipPassThrough } from 'fflate';
import type { registrations } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { formatInDhaka } from '../../lib/time.ts';
import { admitCardRenders } from '../admit-card/admit-card.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { UserRow } from '../auth/user.ts';
import { competitionByCodeOr404 } from '../competitions/competitions.service.ts';
import { type CompetitionRow, findCompetitionById } from '../competitions/public.ts';
import { findRegistrationOfUser } from '../registration/public.ts';
import { categorySheet } from '../results/category-sheet.ts';
import { certificateWords } from './certificate-text.ts';
import { renderCertificate } from './render-certificate.ts';

/**
 * Certificates (docs/decisions/033-certificates.md). A finalist is an approved entrant of a category who sat
 * the final exam (answered a question or submitted: a participant of the standings); one who did not has
 * no certificate. The award is the standings' (rankByTotal and awardFor, one rule for the result page,
 * the certificate and its check): gold, silver, bronze, an honourable mention for the prize band, or
 * participation without one. Nothing exists before the category's results are published.
 */

type Standing = Awaited<ReturnType<typeof categorySheet>>['standings'][number];

const certificateAward = (award: Award | null): CertificateAward => award ?? 'participation';

/** The publication's year in Asia/Dhaka, as the certificate prints it. */
const yearOf = (publishedAt: Date) => Number(formatInDhaka(publishedAt, 'yyyy', 'en'));

function renderFor(
  ctx: ServiceContext,
  competition: CompetitionRow,
  category: Category,
  standing: Standing,
  publishedAt: Date,
  language: Language,
) {
  return renderCertificate({
    words: certificateWords(language, competition.name, category, certificateAward(standing.award)),
    name: standing.name,
    institution: standing.institution,
    date: formatInDhaka(publishedAt, 'd MMMM yyyy', language),
    code: standing.certificateCode,
    verifyUrl: `${ctx.config.BASE_URL}/verify/${standing.certificateCode}`,
  });
}

/**
 * The signed-in finalist's own certificate, in `language` or the account's: 404 without a registration,
 * 403 unless approved, before publication, and for an entrant who did not sit the exam.
 */
export async function certificateFor(
  ctx: ServiceContext,
  code: string,
  user: UserRow,
  language: Language | undefined,
) {
  const competition = await competitionByCodeOr404(ctx.db, code);
  const registration = await findRegistrationOfUser(ctx.db, competition.id, user.id);
  if (!registration) throw new AppError(404, 'registration.notFound');
  if (registration.status !== 'approved') throw new AppError(403, 'auth.forbidden');
  const category = registration.category as Category;
  const sheet = await categorySheet(ctx, competition, category);
  if (!sheet.publication) throw new AppError(403, 'certificate.notPublished');
  const standing = sheet.standings.find((s) => s.userId === user.id);
  if (!standing) throw new AppError(403, 'certificate.absent');
  const publishedAt = sheet.publication.publishedAt;
  // The admit card's queue: PDFs render a few at a time, and a crowd is answered 503 with Retry-After.
  return admitCardRenders(() =>
    renderFor(ctx, competition, category, standing, publishedAt, language ?? user.language),
  );
}

/** A file name inside the ZIP: the place in the standings, then the roll number (or the account). */
const entryName = (index: number, standing: Standing) =>
  `${String(index + 1).padStart(4, '0')}-${(standing.rollNumber ?? standing.userId).replace(/[^A-Za-z0-9-]/g, '_')}.pdf`;

/**
 * Every certificate of a published category as one ZIP, for printing, each in its finalist's language and
 * in the order of the standings. Streamed: one PDF is rendered at a time and written as a stored entry
 * (PDFs are compressed already), the next only once the client has taken the bytes (backpressure), so
 * memory stays flat whatever the count. The download is in the audit log. 409 before publication.
 */
export async function certificatesZip(ctx: ServiceContext, admin: UserRow, code: string, category: Category) {
  const competition = await competitionByCodeOr404(ctx.db, code);
  const sheet = await categorySheet(ctx, competition, category);
  if (!sheet.publication) throw new AppError(409, 'certificates.notPublished');
  const publishedAt = sheet.publication.publishedAt;
  const standings = sheet.standings;
  await recordAudit(ctx.db, {
    actorId: admin.id,
    action: 'certificates.download',
    targetType: 'category',
    targetId: `${competition.code}/${category}`,
    after: { certificates: standings.length },
    at: ctx.clock.now(),
  });

  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) out.destroy(error);
    else {
      out.write(chunk);
      if (final) out.end();
    }
  });
  const closed = once(out, 'close').catch(() => undefined);
  void (async () => {
    for (const [index, standing] of standings.entries()) {
      if (out.destroyed) return; // the client went away: stop rendering
      const pdf = await renderFor(ctx, competition, category, standing, publishedAt, standing.language);
      const entry = new ZipPassThrough(entryName(index, standing));
      zip.add(entry);
      entry.push(pdf, true);
      if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), closed]);
      else await nextTurn(); // let other requests run between two certificates
    }
    zip.end();
  })().catch((error: unknown) => out.destroy(error as Error));
  return {
    stream: out as Readable,
    count: standings.length,
    fileName: `certificates-${competition.code}-${category}.zip`,
  };
}

/**
 * The public check of a certificate's code: that it is genuine, the name, the award and the year. Only a
 * published category's finalist has one; anything else is as unknown as a code never issued (undefined).
 */
export async function certificateCheck(
  ctx: ServiceContext,
  registration: typeof registrations.$inferSelect,
): Promise<CertificateCheck | undefined> {
  if (registration.status !== 'approved') return undefined;
  const competition = await findCompetitionById(ctx.db, registration.competitionId);
  if (!competition) return undefined;
  const sheet = await categorySheet(ctx, competition, registration.category as Category);
  const standing = sheet.standings.find((s) => s.userId === registration.userId);
  if (!sheet.publication || !standing) return undefined;
  return {
    document: 'certificate',
    genuine: true,
    name: registration.name,
    award: certificateAward(standing.award),
    year: yearOf(sheet.publication.publishedAt),
  };
}
