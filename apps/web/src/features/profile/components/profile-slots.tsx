import { useTranslation } from 'react-i18next';

type CardSlotProps = { title: string; testId: string };

function CardSlot({ title, testId }: CardSlotProps) {
  const { t } = useTranslation('common');
  return (
    <section
      aria-label={title}
      data-testid={testId}
      className="rounded-2xl border border-dashed border-slate-300 bg-white p-5"
    >
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-2 text-sm text-slate-600">{t('sectionBeingBuilt')}</p>
    </section>
  );
}

/**
 * Where the final round registration card goes on /profile (spec section 4: Register Now, pending,
 * approved). The registration issue replaces this with its card from features/registration,
 * composed in app/routes/profile.tsx.
 */
export function RegistrationCardSlot() {
  const { t } = useTranslation('profile');
  return <CardSlot title={t('slot.registration')} testId="registration-card-slot" />;
}

/** Where the final exam card goes on /profile (shown once registration is approved); see above. */
export function ExamCardSlot() {
  const { t } = useTranslation('profile');
  return <CardSlot title={t('slot.exam')} testId="exam-card-slot" />;
}
