import { type AdminTutorial, TutorialInputSchema } from '@ngso/shared/schemas/tutorials';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { Button } from '../../../components/ui/button.tsx';
import { FileField } from '../../../components/ui/file-field.tsx';
import { inputClasses, TextField } from '../../../components/ui/text-field.tsx';
import { fieldMessages } from '../../../i18n/message.ts';
import type { ThunkCapableDispatch } from '../../../lib/dispatch.ts';
import { useActionError } from '../console/action-error.ts';
import { AdminSection } from '../console/admin-section.tsx';
import { cardClasses } from '../console/card.ts';
import { RemoveConfirm } from '../console/confirm-dialog.tsx';
import { DraftForm, useDraft } from '../console/draft-form.tsx';
import { ListReadStates } from '../console/load-states.tsx';
import { SuccessNotice } from '../console/notice.tsx';
import { EditRemoveActions } from '../console/row-actions.tsx';
import { HeadedTable, tdClasses } from '../console/table.tsx';
import { useCanUse } from '../console/use-can-use.ts';
import {
  tutorialsChanged,
  uploadTutorialThumbnail,
  useAdminTutorialsQuery,
  useCreateTutorialMutation,
  useEditTutorialMutation,
  useRemoveTutorialMutation,
} from './api.ts';

type Draft = { id?: string; title_en: string; title_bn: string; video_url: string; position: string };

const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif';

/** The thumbnail's file input: the server makes the 16:9 thumbnail from whatever image is chosen. */
function ThumbnailField({ onChange, hasOne }: { onChange: (file: File | null) => void; hasOne: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <FileField
      label={hasOne ? t('tutorials.fieldThumbnailReplace') : t('tutorials.fieldThumbnail')}
      hint={t('tutorials.thumbnailHint')}
      accept={IMAGE_ACCEPT}
      className={inputClasses(false)}
      onFiles={(files) => onChange(files[0] ?? null)}
    />
  );
}

/**
 * The console's tutorials (the home page's tutorial videos): the list in its order, add and edit (both
 * titles, the video's address, the order, the thumbnail image), remove. A tutorial is on the home page
 * once it has a thumbnail.
 */
export function TutorialsPage() {
  const { t } = useTranslation('admin');
  const actionError = useActionError();
  const dispatch = useDispatch<ThunkCapableDispatch>();
  const list = useAdminTutorialsQuery(undefined, { skip: !useCanUse('tutorials') });
  const [create, creating] = useCreateTutorialMutation();
  const [edit, editing] = useEditTutorialMutation();
  const [remove, removing] = useRemoveTutorialMutation();
  const { draft, setDraft, open, set, errors, setErrors, formError, setFormError, refused } =
    useDraft<Draft>();
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [toRemove, setToRemove] = useState<AdminTutorial | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const tutorials = list.data ?? [];
  const editingOne = tutorials.find((tutorial) => tutorial.id === draft?.id);

  const startForm = (tutorial?: AdminTutorial) => {
    setThumbnail(null);
    open(
      tutorial
        ? { ...tutorial, position: String(tutorial.position) }
        : { title_en: '', title_bn: '', video_url: '', position: String(tutorials.length + 1) },
    );
  };

  /** The shared schema checks the form before anything is sent (the server checks the same). */
  const validate = (current: Draft) => {
    const parsed = TutorialInputSchema.safeParse({ ...current, position: Number(current.position) });
    const local = fieldMessages(parsed.error?.issues);
    if (!current.id && !thumbnail) local.thumbnail = t('tutorials.thumbnailRequired');
    setErrors(local);
    return parsed.success && Object.keys(local).length === 0 ? parsed.data : null;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const fields = validate(draft);
    if (!fields) return;
    setFormError(null);
    let saved: AdminTutorial | undefined;
    try {
      saved = draft.id ? await edit({ id: draft.id, ...fields }).unwrap() : await create(fields).unwrap();
    } catch (failure) {
      refused(failure);
      return;
    }
    if (thumbnail) {
      setUploading(true);
      try {
        await uploadTutorialThumbnail(saved.id, thumbnail);
      } catch (failure) {
        // The tutorial is saved; the form stays open on it so the image can be chosen again.
        setDraft({ ...draft, id: saved.id });
        setFormError(actionError(failure));
        return;
      } finally {
        setUploading(false);
        dispatch(tutorialsChanged());
      }
    }
    setNotice(t(draft.id ? 'tutorials.saved' : 'tutorials.created', { title: saved.title_en }));
    setDraft(null);
  };

  const runRemove = async () => {
    if (!toRemove) return;
    const done = await remove(toRemove.id)
      .unwrap()
      .then(() => true)
      .catch(() => false);
    if (!done) return;
    setNotice(t('tutorials.removed', { title: toRemove.title_en }));
    setToRemove(null);
  };

  return (
    <AdminSection
      section="tutorials"
      title={t('tutorials.title')}
      actions={<Button onClick={() => startForm()}>{t('tutorials.new')}</Button>}
    >
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t('tutorials.intro')}</p>
      <SuccessNotice text={notice} className="mb-4" />
      <ListReadStates read={list} empty={tutorials.length === 0} none={t('tutorials.none')} />
      {tutorials.length > 0 ? (
        <div className={`${cardClasses} overflow-x-auto`}>
          <HeadedTable
            testId="tutorials-table"
            columns={[
              { label: t('tutorials.colOrder') },
              { label: t('tutorials.colThumbnail') },
              { label: t('tutorials.colTitle') },
              { label: t('tutorials.colActions') },
            ]}
          >
            {tutorials.map((tutorial) => (
              <tr key={tutorial.id}>
                <td className={tdClasses}>{tutorial.position}</td>
                <td className={tdClasses}>
                  {tutorial.thumbnail ? (
                    <img
                      src={tutorial.thumbnail}
                      alt=""
                      width={128}
                      height={72}
                      className="aspect-video w-32 rounded bg-slate-100 object-cover"
                    />
                  ) : (
                    <span className="text-amber-800">{t('tutorials.noThumbnail')}</span>
                  )}
                </td>
                <th scope="row" className={`${tdClasses} font-semibold`}>
                  {tutorial.title_en}
                  <span className="block font-normal text-slate-700" lang="bn">
                    {tutorial.title_bn}
                  </span>
                  <a
                    href={tutorial.video_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="block max-w-md truncate font-normal text-sky-800 underline"
                  >
                    {tutorial.video_url}
                  </a>
                </th>
                <td className={tdClasses}>
                  <EditRemoveActions
                    name={tutorial.title_en}
                    editLabel={t('tutorials.edit')}
                    removeLabel={t('tutorials.remove')}
                    onEdit={() => startForm(tutorial)}
                    onRemove={() => {
                      removing.reset();
                      setToRemove(tutorial);
                    }}
                  />
                </td>
              </tr>
            ))}
          </HeadedTable>
        </div>
      ) : null}

      <DraftForm
        draft={draft}
        onClose={() => setDraft(null)}
        title={draft?.id ? t('tutorials.formEdit') : t('tutorials.formNew')}
        onSubmit={onSubmit}
        formError={formError}
        submitLabel={t('tutorials.save')}
        pending={creating.isLoading || editing.isLoading || uploading}
      >
        {(draft) => (
          <>
            <TextField
              label={t('tutorials.fieldTitleEn')}
              value={draft.title_en}
              maxLength={200}
              error={errors.title_en}
              onChange={(event) => set('title_en')(event.target.value)}
            />
            <TextField
              label={t('tutorials.fieldTitleBn')}
              lang="bn"
              value={draft.title_bn}
              maxLength={200}
              error={errors.title_bn}
              onChange={(event) => set('title_bn')(event.target.value)}
            />
            <TextField
              type="url"
              label={t('tutorials.fieldVideo')}
              hint={t('tutorials.videoHint')}
              value={draft.video_url}
              maxLength={2000}
              error={errors.video_url}
              onChange={(event) => set('video_url')(event.target.value)}
            />
            <TextField
              type="number"
              label={t('tutorials.fieldPosition')}
              hint={t('tutorials.positionHint')}
              min={1}
              max={1000}
              value={draft.position}
              error={errors.position}
              onChange={(event) => set('position')(event.target.value)}
            />
            <ThumbnailField onChange={setThumbnail} hasOne={Boolean(editingOne?.thumbnail)} />
            {errors.thumbnail ? (
              <p className="text-sm text-red-700" aria-live="polite">
                {errors.thumbnail}
              </p>
            ) : null}
          </>
        )}
      </DraftForm>

      <RemoveConfirm
        item={toRemove}
        title={t('tutorials.removeTitle')}
        confirmLabel={t('tutorials.remove')}
        action={removing}
        onConfirm={runRemove}
        onClose={() => setToRemove(null)}
      >
        {(tutorial) => t('tutorials.removeText', { title: tutorial.title_en })}
      </RemoveConfirm>
    </AdminSection>
  );
}
