import type { Category } from '@ngso/shared/constants';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useCurrentCompetition } from '../console/current-competition.ts';
import { useLookAlikesQuery } from '../grading/look-alikes-api.ts';

/**
 * The pairs of look-alike answers an organiser referred, for the admin who publishes a category's results
 * (docs/decisions/065-answers-that-look-alike.md): nothing when there are none. Admins only.
 */
export function ReferredLookAlikes({ category }: { category: Category }) {
  const { t } = useTranslation('admin');
  const competition = useCurrentCompetition();
  const referred = useLookAlikesQuery({ competition, category, status: 'referred' });
  const pairs = referred.data ?? [];
  if (pairs.length === 0) return null;
  return (
    <section
      aria-labelledby="referred-look-alikes"
      className="mb-4 rounded-xl border border-amber-300 bg-amber-50 p-4"
      data-testid="referred-look-alikes"
    >
      <h2 id="referred-look-alikes" className="text-base font-semibold text-amber-900">
        {t('lookAlikes.referredTitle')}
      </h2>
      <p className="mb-2 text-sm text-amber-900">{t('lookAlikes.referredIntro')}</p>
      <ul className="mb-2 list-disc space-y-1 pl-5 text-sm text-slate-800">
        {pairs.map((pair) => (
          <li key={pair.id}>
            {t('lookAlikes.referredPair', {
              first: pair.first.roll_number ?? '—',
              firstNumber: String(pair.first.question_position),
              second: pair.second.roll_number ?? '—',
              secondNumber: String(pair.second.question_position),
            })}
            {pair.note ? (
              <span className="block text-slate-600">{t('lookAlikes.note', { note: pair.note })}</span>
            ) : null}
          </li>
        ))}
      </ul>
      <Link
        to={`${paths.adminLookAlikes}?category=${category}`}
        className="text-sm font-semibold text-sky-800 underline"
      >
        {t('lookAlikes.review')}
      </Link>
    </section>
  );
}
