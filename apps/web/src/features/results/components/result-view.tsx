import { localiseDigits } from '@ngso/shared/language';
import type { Result } from '@ngso/shared/schemas/results';
import { useTranslation } from 'react-i18next';
import { QuestionHtml } from '../../../components/question-html.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { serverMessage } from '../../../lib/api-error.ts';
import { useMyResultQuery } from '../api.ts';
import { CertificateButton } from './certificate-button.tsx';
import { RecheckSection } from './recheck-section.tsx';

function Published({ result }: { result: Result }) {
  const { t, i18n } = useTranslation('results');
  const n = (value: number | null) => localiseDigits(String(value ?? 0), i18n.language);
  const bangla = i18n.language === 'bn';
  return (
    <div className="space-y-6">
      <dl className="grid gap-3 sm:grid-cols-3">
        <div className="rounded-2xl border border-slate-200 bg-white p-4 text-center shadow-sm">
          <dt className="text-sm text-slate-600">{t('total')}</dt>
          <dd className="text-2xl font-bold text-slate-900" data-testid="result-total">
            {t('outOf', { marks: n(result.total), total: n(result.total_marks) })}
          </dd>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-4 text-center shadow-sm">
          <dt className="text-sm text-slate-600">{t('rank')}</dt>
          <dd className="text-2xl font-bold text-slate-900" data-testid="result-rank">
            {result.rank === null
              ? '—'
              : t('rankOf', { rank: n(result.rank), participants: n(result.participants) })}
          </dd>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-4 text-center shadow-sm">
          <dt className="text-sm text-slate-600">{t('award')}</dt>
          <dd className="text-lg font-bold text-slate-900" data-testid="result-award">
            {result.award ? t(`award.${result.award}`) : t('noAward')}
          </dd>
        </div>
      </dl>
      {/* A finalist who sat the exam has a rank, and a certificate (participation, or the award). */}
      {result.rank === null ? null : <CertificateButton />}
      <ol className="space-y-3">
        {result.questions.map((question) => (
          <li
            key={question.question_id}
            className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="font-semibold text-slate-900">
                {t('question', { number: n(question.position) })}
              </h2>
              <p className="font-semibold text-slate-900" data-testid="question-marks">
                {question.marks_awarded === null
                  ? t('notGraded', { total: n(question.marks) })
                  : t('outOf', { marks: n(question.marks_awarded), total: n(question.marks) })}
              </p>
            </div>
            <QuestionHtml
              lang={bangla ? 'bn' : 'en'}
              className="mt-1 text-sm text-slate-700"
              html={bangla ? question.questionBanglaHtml : question.questionEnglishHtml}
              images={question.images}
            />
            {question.comment ? (
              <p className="mt-2 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900">
                <span className="font-semibold">{t('comment')}</span> {question.comment}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      <RecheckSection questions={result.questions} />
    </div>
  );
}

/** /national-round-result and /daily-quiz: the student's marks per question, comments, total, rank, award. */
export function ResultView() {
  const { t } = useTranslation('results');
  const result = useMyResultQuery();
  if (result.isLoading) {
    return (
      <div className="flex items-center gap-2 text-slate-600" role="status">
        <Spinner />
        {t('loading')}
      </div>
    );
  }
  if (result.isError) {
    return (
      <Alert tone="error">
        {serverMessage(result.error) ?? t('error')}{' '}
        <Button variant="ghost" className="px-2" onClick={() => result.refetch()}>
          {t('tryAgain')}
        </Button>
      </Alert>
    );
  }
  if (!result.data?.published) return <Alert tone="info">{t('notOut')}</Alert>;
  return <Published result={result.data} />;
}
