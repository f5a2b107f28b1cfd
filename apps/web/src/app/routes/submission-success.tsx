import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Navigate, useLocation } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { paths } from '../../config/paths.ts';
import { selectAuth } from '../../features/auth/slice.ts';
import type { SubmitResult } from '../../features/exam/api.ts';
import { useGetAnswerCountQuery } from '../../features/exam/api.ts';
import { CountdownView } from '../../features/exam/components/countdown-view.tsx';
import { DeliveryList } from '../../features/exam/components/delivery-list.tsx';
import { ExamLoadError, ExamLoading } from '../../features/exam/components/exam-status.tsx';
import { ReceiptList } from '../../features/exam/components/receipt-list.tsx';
import { SuccessView } from '../../features/exam/components/success-view.tsx';
import { questionOrder } from '../../features/exam/question-order.ts';
import { serverTransport } from '../../features/exam/transport.ts';
import { useAnswerQueue } from '../../features/exam/use-answer-queue.ts';
import { useDeliveryState } from '../../features/exam/use-delivery.ts';
import { useExamStatus } from '../../features/exam/use-exam-status.ts';
import { useNotices } from '../../features/exam/use-notices.ts';
import { useReceipts } from '../../features/exam/use-receipts.ts';
import { errorStatus } from '../../lib/error-status.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * /submission-success (spec section 4, decisions.md): before the exam the countdown; during it back to
 * the exam unless submitted (submitting ends the attempt); otherwise the confirmation, with each
 * question's photos. The photos recorded in time go on arriving from here (also on a later visit).
 */
export function Component() {
  const { t } = useTranslation('exam');
  useDocumentTitle(t('success.title'));
  const location = useLocation();
  const { user } = useSelector(selectAuth);
  const submitted = (location.state as { submitted?: SubmitResult } | null)?.submitted;
  const { exam, now, phase, isLoading, error, refetch } = useExamStatus();
  const showSuccess = exam !== undefined && (exam.submitted_at !== null || phase === 'AFTER_EXAM');
  const count = useGetAnswerCountQuery(undefined, { skip: !showSuccess || submitted !== undefined });
  const { notices, onNotice } = useNotices();
  const { state } = useAnswerQueue({
    scope: showSuccess && user ? `exam:${user.id}` : null,
    transport: () => serverTransport,
    onNotice,
    // Leaving is fine: a later visit goes on sending (the banner says so).
    warnOnLeave: false,
  });

  const order = user ? questionOrder(user.id) : [];
  // With no connection, the receipts this device kept when it last showed them.
  const receipts = useReceipts(user?.id, exam, state, order);
  // With no connection, the server's answers this device kept, with the photos still on it.
  const delivery = useDeliveryState(user?.id, exam, state);

  if (error && !exam) {
    const status = errorStatus(error);
    if (status === 403 || status === 404) return <Navigate to={paths.profile} replace />;
    return <ExamLoadError onRetry={refetch} />;
  }
  if (isLoading || !exam || now === null || !phase) return <ExamLoading />;
  if (phase === 'BEFORE_EXAM') return <CountdownView exam={exam} now={now} phase={phase} />;
  if (phase === 'DURING_EXAM' && exam.submitted_at === null) return <Navigate to={paths.finalExam} replace />;
  return (
    <SuccessView
      submittedAt={submitted?.submitted_at ?? exam.submitted_at ?? exam.ends_at}
      answered={submitted?.answered ?? count.data ?? null}
      total={submitted?.total ?? exam.total_questions}
      category={exam.category}
    >
      <DeliveryList state={delivery} order={order} />
      <ReceiptList receipts={receipts} />
      {notices.length > 0 ? (
        <Alert tone="error" className="mt-3">
          <ul className="space-y-1">
            {notices.map((notice, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the same sentence may come twice
              <li key={i}>{notice}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
    </SuccessView>
  );
}
