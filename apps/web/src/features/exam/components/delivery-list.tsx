import { useTranslation } from 'react-i18next';
import { deliveryOf } from '../answer-view.ts';
import type { QueueState } from '../queue-state.ts';
import { DeliveryBanner } from './delivery-banner.tsx';

type DeliveryListProps = { state: QueueState; order: readonly string[] };

/** On the success page: where each question's photos are (stored, still sending, late under review). */
export function DeliveryList({ state, order }: DeliveryListProps) {
  const { t } = useTranslation('exam');
  const rows = deliveryOf(state, order);
  const complete = rows.every((row) => row.sending === 0 && row.lateSending === 0);
  return (
    <section className="mt-6" aria-labelledby="delivery-title" data-testid="delivery">
      <h2 id="delivery-title" className="text-lg font-semibold text-slate-900">
        {t('success.delivery.heading')}
      </h2>
      <DeliveryBanner state={state} ended />
      {state.loaded && rows.length === 0 ? (
        <p className="mt-2 text-slate-700">{t('success.delivery.none')}</p>
      ) : null}
      {rows.length > 0 ? (
        <ul className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
          {rows.map((row, index) => {
            const position = order.indexOf(row.questionId);
            const parts = [
              row.stored > 0 ? t('success.delivery.stored', { count: row.stored }) : null,
              row.sending > 0 ? t('success.delivery.sending', { count: row.sending }) : null,
              row.late > 0 ? t('success.delivery.late', { count: row.late }) : null,
              row.lateAccepted > 0 ? t('success.delivery.lateAccepted', { count: row.lateAccepted }) : null,
              row.lateRejected > 0 ? t('success.delivery.lateRejected', { count: row.lateRejected }) : null,
              row.lateSending > 0 ? t('success.delivery.lateSending', { count: row.lateSending }) : null,
            ]
              .map((part) => (part === null ? '' : String(part)))
              .filter((part) => part !== '');
            const pending = row.sending > 0 || row.lateSending > 0;
            return (
              <li
                key={row.questionId}
                className="flex flex-wrap justify-between gap-2 px-5 py-3"
                data-testid="delivery-row"
                data-question={row.questionId}
              >
                <span className="text-slate-700">
                  {t('success.delivery.question', { number: String((position >= 0 ? position : index) + 1) })}
                </span>
                <span className={`font-semibold ${pending ? 'text-amber-800' : 'text-slate-900'}`}>
                  {parts.join(' · ')}
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
      {state.loaded && rows.length > 0 && complete ? (
        <p className="mt-3 font-medium text-emerald-700" data-testid="delivery-complete">
          {t('success.delivery.allStored')}
        </p>
      ) : null}
    </section>
  );
}
