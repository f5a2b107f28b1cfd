import { passwordStrength } from '@ngso/shared/password-strength';
import { useTranslation } from 'react-i18next';

/** Bar colours for scores 0 to 4: red, orange, yellow, green, emerald (spec section 5). */
const BAR_COLOURS = [
  'bg-red-500',
  'bg-orange-500',
  'bg-yellow-400',
  'bg-green-500',
  'bg-emerald-500',
] as const;
const TEXT_COLOURS = [
  'text-red-700',
  'text-orange-700',
  'text-yellow-800',
  'text-green-700',
  'text-emerald-700',
] as const;

type PasswordStrengthMeterProps = { password: string; id?: string };

/** The spec's 4-point strength meter. Shows nothing until something is typed. */
export function PasswordStrengthMeter({ password, id }: PasswordStrengthMeterProps) {
  const { t } = useTranslation();
  if (!password) return null;
  const { score } = passwordStrength(password);
  const label = t(`strength.${score}`);
  return (
    <div id={id} className="mt-2" data-testid="password-strength" data-score={score}>
      <div className="flex gap-1" aria-hidden="true">
        {[1, 2, 3, 4].map((step) => (
          <span
            key={step}
            data-testid="strength-segment"
            className={`h-1.5 flex-1 rounded-full ${step <= Math.max(score, 1) ? BAR_COLOURS[score] : 'bg-slate-200'}`}
          />
        ))}
      </div>
      <p className={`mt-1 text-xs font-medium ${TEXT_COLOURS[score]}`} aria-live="polite">
        {t('passwordStrength', { label })}
      </p>
    </div>
  );
}
