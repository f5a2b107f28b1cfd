import {
  diagramMarker,
  MAX_DIAGRAMS_PER_QUESTION,
  markersMissingInBangla,
} from '@ngso/shared/question-diagrams';
import type { QuestionImage } from '@ngso/shared/schemas/exam';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, OutcomeAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useActionError } from '../console/action-error.ts';
import { type UploadNotice, useUploadTask } from '../console/use-upload-task.ts';
import { uploadDiagram } from './diagrams-api.ts';

/** A diagram as the editor holds it: what students will see, and its texts being written. */
export type DraftDiagram = QuestionImage;

/**
 * A question's diagrams in the editor: add one (with progress, cancel), write its alternative texts in both
 * languages, move it up or down, remove it. Each shows the marker that places it in the text; a warning
 * names the markers the English text has and the Bangla lacks (the Bangla reader would miss a diagram).
 */
export function DiagramsEditor({
  diagrams,
  onChange,
  english,
  bangla,
  errors,
}: {
  diagrams: readonly DraftDiagram[];
  onChange: (change: (diagrams: readonly DraftDiagram[]) => readonly DraftDiagram[]) => void;
  english: string;
  bangla: string;
  /** Per diagram (by id), the fields left empty. */
  errors: Record<string, { alt_en?: string; alt_bn?: string }>;
}) {
  const { t } = useTranslation('admin');
  const actionError = useActionError();
  const [notice, setNotice] = useState<UploadNotice | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const onSettled = useCallback(() => setInputKey((key) => key + 1), []);
  const upload = useUploadTask({ onNotice: setNotice, reasonOf: actionError, onSettled });
  const missingInBangla = markersMissingInBangla(english, bangla);
  const full = diagrams.length >= MAX_DIAGRAMS_PER_QUESTION;

  const add = (file: File | undefined) => {
    if (!file) return;
    void upload.run(async ({ signal, progress }) => {
      const label = t('diagrams.uploading', { file: file.name });
      progress({ label, percent: 0 });
      const uploaded = await uploadDiagram(file, {
        signal,
        onProgress: (percent) => progress({ label, percent }),
      });
      onChange((current) => [...current, { ...uploaded, alt_en: '', alt_bn: '' }]);
      return { tone: 'success', text: t('diagrams.added', { number: String(diagrams.length + 1) }) };
    });
  };
  const update = (id: string, fields: Partial<DraftDiagram>) =>
    onChange((current) =>
      current.map((diagram) => (diagram.id === id ? { ...diagram, ...fields } : diagram)),
    );
  const move = (from: number, to: number) =>
    onChange((current) => {
      const next = [...current];
      const [moved] = next.splice(from, 1);
      if (moved) next.splice(to, 0, moved);
      return next;
    });

  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3" data-testid="diagrams-editor">
      <legend className="px-1 text-sm font-semibold text-slate-900">{t('diagrams.title')}</legend>
      <p className="text-xs text-slate-600">{t('diagrams.help')}</p>
      {missingInBangla.length > 0 ? (
        <Alert tone="info" className="!py-2">
          {t('diagrams.missingInBangla', {
            markers: missingInBangla.map((n) => diagramMarker(n, 'bn')).join(', '),
          })}
        </Alert>
      ) : null}
      <ol className="space-y-3">
        {diagrams.map((diagram, index) => {
          const number = String(index + 1);
          return (
            <li key={diagram.id} className="grid gap-2 rounded-lg bg-slate-50 p-2 sm:grid-cols-[8rem_1fr]">
              <div>
                <img
                  src={diagram.url}
                  alt=""
                  width={diagram.width}
                  height={diagram.height}
                  className="h-auto w-full rounded border border-slate-200 bg-white"
                />
                <p className="mt-1 text-xs font-semibold text-slate-800">
                  {t('diagrams.number', { number })}{' '}
                  <code className="font-mono text-slate-600">{diagramMarker(index + 1)}</code>
                </p>
              </div>
              <div className="min-w-0 space-y-2">
                <TextField
                  label={t('diagrams.altEnglish', { number })}
                  maxLength={300}
                  value={diagram.alt_en}
                  error={errors[diagram.id]?.alt_en}
                  onChange={(event) => update(diagram.id, { alt_en: event.target.value })}
                />
                <TextField
                  label={t('diagrams.altBangla', { number })}
                  lang="bn"
                  maxLength={300}
                  value={diagram.alt_bn}
                  error={errors[diagram.id]?.alt_bn}
                  onChange={(event) => update(diagram.id, { alt_bn: event.target.value })}
                />
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="secondary"
                    className="px-3"
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    {t('diagrams.up')}
                    <span className="sr-only"> {t('diagrams.number', { number })}</span>
                  </Button>
                  <Button
                    variant="secondary"
                    className="px-3"
                    disabled={index === diagrams.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    {t('diagrams.down')}
                    <span className="sr-only"> {t('diagrams.number', { number })}</span>
                  </Button>
                  <Button
                    variant="secondary"
                    className="px-3"
                    onClick={() => onChange((current) => current.filter((d) => d.id !== diagram.id))}
                  >
                    {t('diagrams.remove')}
                    <span className="sr-only"> {t('diagrams.number', { number })}</span>
                  </Button>
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      {upload.progress ? (
        <div className="space-y-2" data-testid="diagram-upload-progress">
          <p className="text-sm text-slate-800" aria-live="polite">
            {upload.progress.label}
          </p>
          <ProgressBar
            value={upload.progress.percent}
            label={t('diagrams.progress')}
            valueText={`${upload.progress.percent}%`}
          />
          <Button variant="secondary" onClick={upload.cancel}>
            {t('diagrams.cancel')}
          </Button>
        </div>
      ) : (
        <label className="block text-sm font-semibold text-slate-800">
          {full ? t('diagrams.full') : t('diagrams.add')}
          <input
            key={inputKey}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
            disabled={full}
            className="mt-1 block w-full text-sm"
            onChange={(event) => add(event.target.files?.[0])}
          />
        </label>
      )}
      <OutcomeAlert outcome={notice} />
    </fieldset>
  );
}
