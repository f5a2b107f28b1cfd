import { useTranslation } from 'react-i18next';
import { BilingualQuestion } from '../../../components/question-html.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cardClasses } from '../console/card.ts';
import { ImageViewer, type ViewerPage, type ViewState } from '../console/image-viewer.tsx';
import type { AdminQuestion } from '../exams/exams-api.ts';

/** The held answer's side to read: the question, the photos in the viewer, and those still on their way. */
export function AnswerPhotos({
  question,
  viewerKey,
  pages,
  view,
  onView,
  unsettled,
  checking,
  onCheckAgain,
}: {
  question: AdminQuestion | undefined;
  /** A new viewer (zoom and page reset) for each answer. */
  viewerKey: string;
  pages: ViewerPage[];
  view: ViewState;
  onView: (view: ViewState) => void;
  /** Photos still arriving or being processed. */
  unsettled: number;
  checking: boolean;
  onCheckAgain: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className={cardClasses}>
      {question ? (
        <div className="mb-3 text-sm text-slate-700">
          <BilingualQuestion
            englishHtml={question.questionEnglishHtml}
            banglaHtml={question.questionBanglaHtml}
            images={question.images}
            banglaClassName="mt-1"
          />
        </div>
      ) : null}
      <ImageViewer key={viewerKey} pages={pages} view={view} onView={onView} />
      {unsettled ? (
        <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <p data-testid="photos-waiting">{t('grading.photosWaiting', { count: unsettled })}</p>
          <Button variant="secondary" className="px-3" pending={checking} onClick={onCheckAgain}>
            {t('grading.checkAgain')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
