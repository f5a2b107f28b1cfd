import { REGISTRATION_FEE_BDT } from '@ngso/shared/constants';
import type { ExamDetails } from '@ngso/shared/schemas/registration';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { selectAuth } from '../../auth/slice.ts';
import { CATEGORY_WITH_GRADES } from '../category.ts';
import { wasApproved } from '../remembered-approval.ts';
import { selectRegistration } from '../slice.ts';
import { useStatusRetry } from '../status-retry.ts';
import { PreliminaryResultCheck } from './preliminary-result-check.tsx';

/** The file name the admit card is saved as (spec section 4). */
export const ADMIT_CARD_FILE_NAME = 'final_round_admit_card.pdf';

const BENEFITS = [
  'benefit.ebook',
  'benefit.discounts',
  'benefit.award',
  'benefit.prize',
  'benefit.transport',
  'benefit.certificate',
  'benefit.snacks',
  'benefit.gifts',
  'benefit.episode',
  'benefit.games',
] as const;

const SCHEDULE = [
  ['date', 'card.date'],
  ['reporting_time', 'card.reportingTime'],
  ['time', 'card.time'],
  ['venue', 'card.venue'],
  ['influencer_Session', 'card.influencerSession'],
  ['departure', 'card.departure'],
] as const satisfies readonly (readonly [keyof ExamDetails, string])[];

const TONES = {
  neutral: 'border-slate-200',
  pending: 'border-amber-300',
  approved: 'border-emerald-300',
  rejected: 'border-red-300',
};

function Card({
  tone,
  title,
  testId,
  children,
}: {
  tone: keyof typeof TONES;
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
      className={`space-y-4 rounded-2xl border bg-white p-5 shadow-sm sm:p-6 ${TONES[tone]}`}
    >
      <h2 id={`${testId}-title`} className="text-lg font-semibold text-slate-900 sm:text-xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Subheading({ children }: { children: ReactNode }) {
  return <h3 className="font-semibold text-slate-900">{children}</h3>;
}

function RegisterNow() {
  const { t } = useTranslation('registration');
  return (
    <>
      <p className="text-slate-700">{t('card.registerText')}</p>
      <div>
        <Subheading>{t('card.benefits')}</Subheading>
        <ul className="mt-2 grid gap-1.5 text-slate-700 sm:grid-cols-2" data-testid="registration-benefits">
          {BENEFITS.map((key) => (
            <li key={key} className="flex gap-2">
              <svg
                viewBox="0 0 20 20"
                className="mt-0.5 size-4 shrink-0 text-emerald-600"
                fill="currentColor"
                aria-hidden="true"
              >
                <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
              </svg>
              {t(key)}
            </li>
          ))}
        </ul>
      </div>
      <div className="rounded-xl bg-sky-50 p-4" data-testid="registration-fee-section">
        <Subheading>{t('card.fee')}</Subheading>
        <p className="mt-1 text-2xl font-bold text-sky-900">
          {t('card.feeAmount', { amount: String(REGISTRATION_FEE_BDT) })}
        </p>
        <p className="mt-1 text-sm text-slate-700">{t('card.feeText')}</p>
      </div>
      <Link to={paths.nationalRoundRegistration} className={buttonClasses('primary', 'w-full sm:w-auto')}>
        {t('card.registerNow')}
      </Link>
    </>
  );
}

function Approved({ details, admitCard }: { details: ExamDetails | null; admitCard: string | null }) {
  const { t } = useTranslation('registration');
  return (
    <>
      <p className="text-slate-700">{t('card.approvedText')}</p>
      <div>
        <Subheading>{t('card.schedule')}</Subheading>
        <dl className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-2" data-testid="exam-details">
          <div className="min-w-0 sm:col-span-2">
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
              {t('card.onlineExam')}
            </dt>
            <dd className="mt-0.5 break-words text-slate-900" data-testid="online-exam-slot">
              {details?.online_exam_date && details.online_exam_time
                ? `${details.online_exam_date}, ${details.online_exam_time}`
                : t('card.notAnnounced')}
            </dd>
          </div>
          {SCHEDULE.map(([field, label]) => (
            <div key={field} className="min-w-0">
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{t(label)}</dt>
              <dd className="mt-0.5 break-words text-slate-900">
                {details?.[field] || t('card.notAnnounced')}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      <div>
        <Subheading>{t('card.bring')}</Subheading>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
          <li>{t('card.bringPen')}</li>
          <li>{t('card.bringAdmitCard')}</li>
          <li>{t('card.noCalculators')}</li>
        </ul>
      </div>
      <div>
        <Subheading>{t('card.extra')}</Subheading>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
          <li>{t('card.extraConduct')}</li>
          <li>{t('card.extraTransport')}</li>
          <li>{t('card.extraResults')}</li>
        </ul>
      </div>
      {admitCard ? (
        <a
          href={admitCard}
          download={ADMIT_CARD_FILE_NAME}
          className={buttonClasses('primary', 'w-full sm:w-auto')}
        >
          <svg viewBox="0 0 20 20" className="size-4" fill="currentColor" aria-hidden="true">
            <path d="M10 3a1 1 0 0 1 1 1v7.6l2.3-2.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L9 11.6V4a1 1 0 0 1 1-1ZM4 15a1 1 0 0 1 1 1h10a1 1 0 1 1 2 0 2 2 0 0 1-2 2H5a2 2 0 0 1-2-2 1 1 0 0 1 1-1Z" />
          </svg>
          {t('card.downloadAdmitCard')}
        </a>
      ) : null}
    </>
  );
}

/**
 * The status is not known yet: loading, or the call failed. Never "not registered" (a failed call on exam
 * day must not send an approved finalist to register again): it says the status could not be loaded, asks
 * again on its own with back-off, and offers Try again.
 */
function StatusUnknown({ failed, approvedBefore }: { failed: boolean; approvedBefore: boolean }) {
  const { t } = useTranslation('registration');
  const { statusLoading } = useSelector(selectRegistration);
  const retry = useStatusRetry();
  if (!failed) {
    return (
      <Card tone="neutral" title={t('card.title')} testId="registration-card">
        <p role="status" className="flex items-center gap-2 text-slate-700">
          <Spinner className="size-5 text-sky-700" />
          {t('card.statusLoading')}
        </p>
      </Card>
    );
  }
  return (
    <Card tone="neutral" title={t('card.title')} testId="registration-card">
      <Alert tone="error">
        <p className="font-semibold">{t('card.statusFailed')}</p>
        <p className="mt-1">{t('card.statusRetrying')}</p>
      </Alert>
      {approvedBefore ? <p className="text-slate-700">{t('card.statusApprovedBefore')}</p> : null}
      <Button
        variant="secondary"
        pending={statusLoading}
        pendingText={t('card.statusTrying')}
        onClick={retry}
      >
        {t('card.statusTryAgain')}
      </Button>
    </Card>
  );
}

/** Whether the page may treat the student as approved: the server says so, or, while the status is unknown, this device saw it. */
function useApproved(): boolean {
  const { registrationStatus, registrationStatusInitialized } = useSelector(selectRegistration);
  const userId = useSelector(selectAuth).user?.id;
  if (registrationStatusInitialized) return registrationStatus === 'approved';
  return wasApproved(userId);
}

type RegistrationCardProps = {
  /** The signed-in student's e-mail, for 'Check preliminary result'. */
  email?: string | null;
};

/**
 * The registration card on /profile, from the status in the store (spec section 4): Register Now
 * with the benefits and the fee; pending; approved with venue, schedule and the admit card; rejected
 * with the reason and a way to correct it. Any other value shows nothing.
 */
export function RegistrationCard({ email }: RegistrationCardProps) {
  const { t } = useTranslation('registration');
  const {
    registrationStatus,
    registrationStatusInitialized,
    statusFailures,
    examDetails,
    admitCard,
    rejectionReason,
    category,
  } = useSelector(selectRegistration);
  const approvedBefore = useApproved();
  if (!registrationStatusInitialized) {
    return <StatusUnknown failed={statusFailures > 0} approvedBefore={approvedBefore} />;
  }
  const prelim = email ? <PreliminaryResultCheck email={email} /> : null;
  const categoryLine = category ? (
    <p className="text-sm font-medium text-slate-700" data-testid="registration-card-category">
      {t('card.category', { category: t(CATEGORY_WITH_GRADES[category]) })}
    </p>
  ) : null;

  switch (registrationStatus) {
    case null:
      return (
        <Card tone="neutral" title={t('card.title')} testId="registration-card">
          <RegisterNow />
          {prelim}
        </Card>
      );
    case 'pending':
      return (
        <Card tone="pending" title={t('card.pendingTitle')} testId="registration-card">
          <p className="text-slate-700">{t('card.pendingText')}</p>
          {categoryLine}
          {prelim}
        </Card>
      );
    case 'approved':
      return (
        <Card tone="approved" title={t('card.approvedTitle')} testId="registration-card">
          {categoryLine}
          <Approved details={examDetails} admitCard={admitCard} />
          {prelim}
        </Card>
      );
    case 'rejected':
      return (
        <Card tone="rejected" title={t('card.rejectedTitle')} testId="registration-card">
          <p className="text-slate-700">{t('card.rejectedText')}</p>
          {rejectionReason ? (
            <p className="rounded-lg bg-red-50 px-3 py-2 text-red-900" data-testid="rejection-reason">
              {t('card.rejectedReason', { reason: rejectionReason })}
            </p>
          ) : null}
          <Link to={paths.nationalRoundRegistration} className={buttonClasses('primary', 'w-full sm:w-auto')}>
            {t('card.correct')}
          </Link>
          {prelim}
        </Card>
      );
    default:
      return null;
  }
}

/**
 * The final exam card: offered only when the registration is approved (spec section 6), or, while the
 * status cannot be loaded, when this device saw it approved (the exam's own calls decide on the server).
 */
export function FinalExamCard() {
  const { t } = useTranslation('registration');
  if (!useApproved()) return null;
  return (
    <Card tone="neutral" title={t('exam.title')} testId="final-exam-card">
      <p className="text-slate-700">{t('exam.text')}</p>
      <Link to={paths.finalExam} className={buttonClasses('primary', 'w-full sm:w-auto')}>
        {t('exam.start')}
      </Link>
    </Card>
  );
}
