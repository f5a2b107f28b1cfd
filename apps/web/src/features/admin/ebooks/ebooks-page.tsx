import type { AdminEbook } from '@ngso/shared/schemas/ebooks';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { AdminSection } from '../console/admin-section.tsx';
import { cardClasses } from '../console/card.ts';
import { RemoveConfirm } from '../console/confirm-dialog.tsx';
import { useCurrentCompetition } from '../console/current-competition.ts';
import { DraftForm, useDraft } from '../console/draft-form.tsx';
import { ListReadStates } from '../console/load-states.tsx';
import { SuccessNotice } from '../console/notice.tsx';
import { EditRemoveActions, RowAction } from '../console/row-actions.tsx';
import { HeadedTable, tdClasses } from '../console/table.tsx';
import { useCanUse } from '../console/use-can-use.ts';
import { EbookPages } from './ebook-pages.tsx';
import {
  useAdminEbooksQuery,
  useCreateEbookMutation,
  useEditEbookMutation,
  useRemoveEbookMutation,
} from './ebooks-api.ts';

type Draft = { id?: string; title: string; description: string; position: string };

/** The console's e-books: the list (title, pages, order), create and edit, remove, and each book's pages. */
export function EbooksPage() {
  const { t } = useTranslation('admin');
  const competition = useCurrentCompetition();
  const list = useAdminEbooksQuery(competition, { skip: !useCanUse('ebooks') });
  const [create, creating] = useCreateEbookMutation();
  const [edit, editing] = useEditEbookMutation();
  const [remove, removing] = useRemoveEbookMutation();
  const [search, setSearch] = useSearchParams();
  const openId = search.get('book');
  const { draft, setDraft, open, set, errors, setErrors, formError, refused } = useDraft<Draft>();
  const [toRemove, setToRemove] = useState<AdminEbook | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const books = list.data ?? [];
  const openBook = (id: string | null) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('book', id);
        else next.delete('book');
        return next;
      },
      { replace: true },
    );

  const startForm = (book?: AdminEbook) => {
    open(
      book
        ? { id: book.id, title: book.title, description: book.description, position: String(book.position) }
        : {
            title: '',
            description: '',
            position: String(Math.max(0, ...books.map((b) => b.position)) + 1),
          },
    );
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const local: Record<string, string> = {};
    const position = Number(draft.position);
    if (!draft.title.trim()) local.title = t('ebooks.titleRequired');
    if (!Number.isInteger(position) || position < 1 || position > 1000)
      local.position = t('ebooks.positionRange');
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    const fields = { title: draft.title.trim(), description: draft.description.trim(), position };
    try {
      if (draft.id) {
        const saved = await edit({ id: draft.id, ...fields }).unwrap();
        setNotice(t('ebooks.saved', { title: saved.title }));
      } else {
        const created = await create({ competition, ...fields }).unwrap();
        setNotice(t('ebooks.created', { title: created.title }));
        openBook(created.id);
      }
      setDraft(null);
    } catch (failure) {
      refused(failure);
    }
  };

  const runRemove = async () => {
    if (!toRemove) return;
    const result = await remove(toRemove.id)
      .unwrap()
      .catch(() => null);
    if (!result) return;
    setNotice(t('ebooks.removed', { title: result.title, count: result.pages_removed }));
    if (openId === toRemove.id) openBook(null);
    setToRemove(null);
  };

  return (
    <AdminSection
      section="ebooks"
      title={t('ebooks.title')}
      actions={<Button onClick={() => startForm()}>{t('ebooks.new')}</Button>}
    >
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t('ebooks.intro')}</p>
      <SuccessNotice text={notice} className="mb-4" />
      <ListReadStates read={list} empty={books.length === 0} none={t('ebooks.none')} />
      {books.length > 0 ? (
        <div className={`${cardClasses} overflow-x-auto`}>
          <HeadedTable
            testId="ebooks-table"
            columns={[
              { label: t('ebooks.colOrder') },
              { label: t('ebooks.colTitle') },
              { label: t('ebooks.colPages') },
              { label: t('ebooks.colActions') },
            ]}
          >
            {books.map((book) => (
              <tr key={book.id} className={book.id === openId ? 'bg-sky-50' : undefined}>
                <td className={tdClasses}>{book.position}</td>
                <th scope="row" className={`${tdClasses} font-semibold`}>
                  {book.title}
                  {book.description ? (
                    <span className="block max-w-md truncate font-normal text-slate-600">
                      {book.description}
                    </span>
                  ) : null}
                </th>
                <td className={tdClasses}>{book.page_count}</td>
                <td className={tdClasses}>
                  <EditRemoveActions
                    name={book.title}
                    editLabel={t('ebooks.edit')}
                    removeLabel={t('ebooks.remove')}
                    onEdit={() => startForm(book)}
                    onRemove={() => {
                      removing.reset();
                      setToRemove(book);
                    }}
                  >
                    <RowAction
                      label={t('ebooks.manage')}
                      name={book.title}
                      aria-pressed={book.id === openId}
                      onClick={() => openBook(book.id === openId ? null : book.id)}
                    />
                  </EditRemoveActions>
                </td>
              </tr>
            ))}
          </HeadedTable>
        </div>
      ) : null}

      {openId ? <EbookPages id={openId} onClose={() => openBook(null)} /> : null}

      <DraftForm
        draft={draft}
        onClose={() => setDraft(null)}
        title={draft?.id ? t('ebooks.formEdit') : t('ebooks.formNew')}
        onSubmit={onSubmit}
        formError={formError}
        submitLabel={t('ebooks.save')}
        pending={creating.isLoading || editing.isLoading}
      >
        {(draft) => (
          <>
            <TextField
              label={t('ebooks.fieldTitle')}
              value={draft.title}
              maxLength={200}
              error={errors.title}
              onChange={(event) => set('title')(event.target.value)}
            />
            <TextAreaField
              label={t('ebooks.fieldDescription')}
              rows={3}
              maxLength={2000}
              value={draft.description}
              onChange={(event) => set('description')(event.target.value)}
            />
            <TextField
              type="number"
              label={t('ebooks.fieldPosition')}
              hint={t('ebooks.positionHint')}
              min={1}
              max={1000}
              value={draft.position}
              error={errors.position}
              onChange={(event) => set('position')(event.target.value)}
            />
          </>
        )}
      </DraftForm>

      <RemoveConfirm
        item={toRemove}
        title={t('ebooks.removeTitle')}
        confirmLabel={t('ebooks.remove')}
        action={removing}
        onConfirm={runRemove}
        onClose={() => setToRemove(null)}
      >
        {(book) => t('ebooks.removeText', { title: book.title, count: book.page_count })}
      </RemoveConfirm>
    </AdminSection>
  );
}
