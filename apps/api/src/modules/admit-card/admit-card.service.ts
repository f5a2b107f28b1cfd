import type { Category } from '@ngso/shared/constants';
import type { ExamDetails } from '@ngso/shared/schemas/registration';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { workGate } from '../../lib/work-gate.ts';
import type { UserRow } from '../auth/user.ts';
import { competitionByCodeOr404 } from '../competitions/competitions.service.ts';
import { examDetailsOf } from '../competitions/final-round.service.ts';
import { findMedia } from '../media/public.ts';
import { findRegistrationOfUser } from '../registration/public.ts';
import { admitCardText } from './admit-card-text.ts';
import { renderAdmitCard } from './render-admit-card.ts';

/**
 * Admit cards render at most this many at once (text shaping, the photo and the PDF take CPU and memory);
 * the others wait their turn, and beyond the queue's length they are answered 503 with Retry-After, so a
 * crowd of downloads (the night before the exam) never starves the rest of the site.
 */
export const ADMIT_CARD_RENDERS = { atOnce: 2, waiting: 20, retryAfterSeconds: 5 } as const;
/**
 * The PDF renders of this process (admit cards, certificates, question papers): running, and waiting their
 * turn; a full queue answers 503 with Retry-After.
 */
export const admitCardRenders = workGate(ADMIT_CARD_RENDERS);

/** The online exam's slot on one line ('December 20, 2025, 3:00 PM to 4:00 PM'); empty while none is set. */
const onlineExamLine = (details: ExamDetails) =>
  details.online_exam_date && details.online_exam_time
    ? `${details.online_exam_date}, ${details.online_exam_time}`
    : '';

/** The approved student's admit card as a PDF; 403 before approval, 404 without a registration. */
export async function admitCardFor(ctx: ServiceContext, competitionCode: string, user: UserRow) {
  const competition = await competitionByCodeOr404(ctx.db, competitionCode);
  const registration = await findRegistrationOfUser(ctx.db, competition.id, user.id);
  if (!registration) throw new AppError(404, 'registration.notFound');
  if (registration.status !== 'approved' || !registration.rollNumber || !registration.verificationCode) {
    throw new AppError(403, 'auth.forbidden');
  }
  // The schedule as organisers set it now: a changed exam window shows on the next download.
  const [details, photoRow] = await Promise.all([
    examDetailsOf(ctx.db, competition.id, registration.category, user.language),
    user.profileImageId ? findMedia(ctx.db, user.profileImageId) : undefined,
  ]);
  const photo = photoRow ? await ctx.storage.read(photoRow.storageKey).catch(() => null) : null;
  // The card follows the language saved on the account (decisions.md, 'Language').
  const text = admitCardText(
    user.language,
    competition.name,
    registration.category as Category,
    registration.pickupSpot,
  );
  const card = {
    organiser: text.organiser,
    title: text.title,
    name: registration.name,
    rollNumber: registration.rollNumber,
    category: text.category,
    classLevel: registration.classLevel,
    institution: registration.institution,
    onlineExam: onlineExamLine(details),
    examDate: details.date ?? '',
    reportingTime: details.reporting_time ?? '',
    venue: details.venue ?? '',
    departure: text.departure,
    verifyUrl: `${ctx.config.BASE_URL}/verify/${registration.verificationCode}`,
    photo,
    labels: text.labels,
  };
  return admitCardRenders(() => renderAdmitCard(card));
}
