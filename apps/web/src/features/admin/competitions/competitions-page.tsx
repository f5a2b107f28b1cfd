import { CATEGORIES, type Category } from '@ngso/shared/constants';
import type { AwardBands, Competition } from '@ngso/shared/schemas/competitions';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { serverFieldErrors } from '../../../lib/api-error.ts';
import { useActionError } from '../console/action-error.ts';
import { AdminSection } from '../console/admin-section.tsx';
import { cardClasses } from '../console/card.ts';
import { useSwitchCompetition } from '../console/competition-switcher.tsx';
import {
  useChangeCompetitionMutation,
  useCompetitionsQuery,
  useCreateCompetitionMutation,
} from '../console/competitions-api.ts';
import { useCurrentCompetition } from '../console/current-competition.ts';
import { LoadError, Loading } from '../console/load-states.tsx';
import { ConsoleTable, tdClasses } from '../console/table.tsx';

const BANDS = [
  'gold_up_to',
  'silver_up_to',
  'bronze_up_to',
  'prize_up_to',
] as const satisfies readonly (keyof AwardBands)[];

/** A whole number typed in a field, or NaN (which the server refuses with a clear message). */
const wholeNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** Award bands as typed in their fields. */
type BandsText = Record<keyof AwardBands, string>;
const bandsText = (bands: AwardBands) =>
  Object.fromEntries(BANDS.map((band) => [band, String(bands[band])])) as BandsText;
const bandsOf = (text: BandsText) =>
  Object.fromEntries(BANDS.map((band) => [band, wholeNumber(text[band])])) as AwardBands;

/** The four rank fields of a set of award bands; errors are read under `errorPath` (e.g. `award_bands`). */
function BandFields({
  value,
  onChange,
  errors,
  errorPath,
}: {
  value: BandsText;
  onChange: (next: BandsText) => void;
  errors: Record<string, string>;
  errorPath: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
      {BANDS.map((band) => (
        <TextField
          key={band}
          label={t(`competitions.${band}`)}
          inputMode="numeric"
          value={value[band]}
          error={errors[`${errorPath}.${band}`]}
          onChange={(event) => onChange({ ...value, [band]: event.target.value })}
        />
      ))}
    </div>
  );
}

function CategoryChoice({ value, onChange }: { value: Category[]; onChange: (next: Category[]) => void }) {
  const { t } = useTranslation('admin');
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-slate-800">{t('competitions.categories')}</legend>
      <div className="flex flex-wrap gap-4">
        {CATEGORIES.map((category) => (
          <label key={category} className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-5"
              checked={value.includes(category)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? CATEGORIES.filter((c) => c === category || value.includes(c))
                    : value.filter((c) => c !== category),
                )
              }
            />
            {t(`category.${category}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A competition's name and fee, as typed (the server checks them and answers per field). */
function NameAndFee(props: {
  name: string;
  fee: string;
  errors: Record<string, string>;
  onName: (name: string) => void;
  onFee: (fee: string) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      <TextField
        label={t('competitions.name')}
        value={props.name}
        error={props.errors.name}
        onChange={(event) => props.onName(event.target.value)}
      />
      <TextField
        label={t('competitions.fee')}
        inputMode="numeric"
        value={props.fee}
        error={props.errors.fee_bdt}
        onChange={(event) => props.onFee(event.target.value)}
      />
    </>
  );
}

/** The competition the console works on: name, fee, categories and award bands. */
function EditCompetition({ competition }: { competition: Competition }) {
  const { t } = useTranslation('admin');
  const actionError = useActionError();
  const [name, setName] = useState(competition.name);
  const [fee, setFee] = useState(String(competition.fee_bdt));
  const [categories, setCategories] = useState<Category[]>(competition.categories);
  const [bands, setBands] = useState<BandsText>(bandsText(competition.award_bands));
  const [ownBands, setOwnBands] = useState<Partial<Record<Category, BandsText>>>(
    Object.fromEntries(
      Object.entries(competition.category_award_bands).map(([category, own]) => [category, bandsText(own)]),
    ),
  );
  const [save, saving] = useChangeCompetitionMutation();
  const [done, setDone] = useState(false);
  const fieldErrors = saving.isError ? serverFieldErrors(saving.error) : {};

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    const saved = await save({
      code: competition.code,
      name,
      fee_bdt: wholeNumber(fee),
      categories,
      award_bands: bandsOf(bands),
      category_award_bands: Object.fromEntries(
        categories.flatMap((category) => {
          const own = ownBands[category];
          return own ? [[category, bandsOf(own)]] : [];
        }),
      ),
    })
      .unwrap()
      .catch(() => null);
    if (saved) setDone(true);
  };

  return (
    <form
      onSubmit={onSubmit}
      className={`${cardClasses} space-y-3`}
      noValidate
      data-testid="edit-competition"
    >
      <h2 className="font-semibold text-slate-900">
        {t('competitions.editTitle', { code: competition.code })}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <NameAndFee name={name} fee={fee} errors={fieldErrors} onName={setName} onFee={setFee} />
      </div>
      <CategoryChoice value={categories} onChange={setCategories} />
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{t('competitions.awardBands')}</legend>
        <p className="mb-2 text-sm text-slate-600">{t('competitions.awardBandsHint')}</p>
        <BandFields value={bands} onChange={setBands} errors={fieldErrors} errorPath="award_bands" />
        {categories.map((category) => {
          const own = ownBands[category];
          return (
            <div key={category} className="mt-3">
              <label className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-5"
                  checked={own !== undefined}
                  onChange={(event) =>
                    setOwnBands({ ...ownBands, [category]: event.target.checked ? bands : undefined })
                  }
                />
                {t('competitions.ownBands', { category: t(`category.${category}`) })}
              </label>
              {own ? (
                <fieldset>
                  <legend className="sr-only">{t(`category.${category}`)}</legend>
                  <BandFields
                    value={own}
                    onChange={(next) => setOwnBands({ ...ownBands, [category]: next })}
                    errors={fieldErrors}
                    errorPath={`category_award_bands.${category}`}
                  />
                </fieldset>
              ) : null}
            </div>
          );
        })}
      </fieldset>
      {saving.isError ? <Alert tone="error">{actionError(saving.error)}</Alert> : null}
      {done ? <Alert tone="success">{t('competitions.saved')}</Alert> : null}
      <Button type="submit" pending={saving.isLoading}>
        {t('competitions.save')}
      </Button>
    </form>
  );
}

/** Next year's competition: a code, a name, a fee and its categories. */
function NewCompetition() {
  const { t } = useTranslation('admin');
  const actionError = useActionError();
  const switchTo = useSwitchCompetition();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [fee, setFee] = useState('299');
  const [categories, setCategories] = useState<Category[]>([...CATEGORIES]);
  const [create, creating] = useCreateCompetitionMutation();
  const fieldErrors = creating.isError ? serverFieldErrors(creating.error) : {};

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    await create({ code: code.trim(), name, fee_bdt: wholeNumber(fee), categories })
      .unwrap()
      .catch(() => undefined);
  };

  return (
    <form onSubmit={onSubmit} className={`${cardClasses} space-y-3`} noValidate data-testid="new-competition">
      <h2 className="font-semibold text-slate-900">{t('competitions.newTitle')}</h2>
      <p className="text-sm text-slate-600">{t('competitions.newHint')}</p>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          label={t('competitions.code')}
          hint={t('competitions.codeHint')}
          value={code}
          error={fieldErrors.code}
          onChange={(event) => setCode(event.target.value)}
        />
        <NameAndFee name={name} fee={fee} errors={fieldErrors} onName={setName} onFee={setFee} />
      </div>
      <CategoryChoice value={categories} onChange={setCategories} />
      {creating.isError && Object.keys(fieldErrors).length === 0 ? (
        <Alert tone="error">{actionError(creating.error)}</Alert>
      ) : null}
      {creating.data ? (
        <Alert tone="success">
          <p>{t('competitions.created', { code: creating.data.code })}</p>
          <Button variant="secondary" className="mt-2" onClick={() => switchTo(creating.data?.code ?? '')}>
            {t('competitions.workOn', { code: creating.data.code })}
          </Button>
        </Alert>
      ) : null}
      <Button type="submit" pending={creating.isLoading}>
        {t('competitions.create')}
      </Button>
    </form>
  );
}

/** Competitions are data: list them, pick the one to work on, change it, and create next year's. */
export function CompetitionsPage() {
  const { t } = useTranslation('admin');
  const list = useCompetitionsQuery();
  const current = useCurrentCompetition();
  const switchTo = useSwitchCompetition();
  const competition = list.data?.find((c) => c.code === current);

  return (
    <AdminSection section="competitions" title={t('competitions.title')}>
      {list.isLoading ? <Loading /> : null}
      {list.isError ? <LoadError error={list.error} onRetry={list.refetch} /> : null}
      {list.data ? (
        <div className="space-y-4">
          <ConsoleTable
            caption={t('competitions.title')}
            columns={[
              { label: t('competitions.code') },
              { label: t('competitions.name') },
              { label: t('competitions.fee') },
              { label: t('competitions.categories'), from: 'md' },
              { label: <span className="sr-only">{t('registrations.actions')}</span> },
            ]}
          >
            {list.data.map((row) => (
              <tr key={row.code} data-testid="competition-row">
                <td className={`${tdClasses} font-mono`}>{row.code}</td>
                <td className={tdClasses}>{row.name}</td>
                <td className={`${tdClasses} tabular-nums`}>{row.fee_bdt}</td>
                <td className={`${tdClasses} hidden md:table-cell`}>
                  {row.categories.map((category) => t(`category.${category}`)).join(', ')}
                </td>
                <td className={tdClasses}>
                  {row.code === current ? (
                    <span className="text-sm font-semibold text-emerald-800">
                      {t('competitions.current')}
                    </span>
                  ) : (
                    <Button variant="ghost" className="px-3" onClick={() => switchTo(row.code)}>
                      {t('competitions.workOn', { code: row.code })}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </ConsoleTable>
          {competition ? <EditCompetition key={competition.code} competition={competition} /> : null}
          <NewCompetition />
        </div>
      ) : null}
    </AdminSection>
  );
}
