import { zodResolver } from '@hookform/resolvers/zod';
import { REGISTRATION_FEE_BDT } from '@ngso/shared/constants';
import { OWN_TRANSPORT, PICKUP_SPOTS } from '@ngso/shared/pickup-spots';
import {
  CLASS_LEVELS,
  PAYMENT_METHODS,
  RegistrationFormSchema,
  type RegistrationForm as RegistrationFormValues,
  TSHIRT_SIZES,
} from '@ngso/shared/schemas/registration';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { PlaceSelects } from '../../../components/place-selects.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paymentAccounts } from '../../../content/payment.ts';
import { translateMessage } from '../../../i18n/message.ts';
import { placeLabel } from '../../../i18n/places.ts';
import { errorStatus, serverMessage } from '../../../lib/api-error.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { registrationApi, useSubmitRegistrationMutation } from '../api.ts';
import { CATEGORY_WITH_GRADES, categoryOfClass } from '../category.ts';
import { REGISTRATION_FIELDS } from '../form-values.ts';

const TSHIRT_OPTIONS = TSHIRT_SIZES.map((size) => ({ value: size, label: size }));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <legend className="px-1 text-base font-semibold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}

type RegistrationFormProps = {
  defaultValues: RegistrationFormValues;
  /** Correcting a rejected registration: the button says Resubmit. */
  resubmission?: boolean;
  onSubmitted: () => void;
};

/**
 * The final round registration form (decisions.md): validated in the browser with the same schema
 * the server uses; the server's field errors go beside their fields, and its eligibility sentence
 * (403) stands above the form where it cannot be missed.
 */
export function RegistrationForm({
  defaultValues,
  resubmission = false,
  onSubmitted,
}: RegistrationFormProps) {
  const { t, i18n } = useTranslation('registration');
  const dispatch = useDispatch();
  const [submit, { isLoading }] = useSubmitRegistrationMutation();
  const [formError, setFormError] = useState<string>();
  const [notEligible, setNotEligible] = useState<string>();
  const eligibilityRef = useRef<HTMLDivElement>(null);
  const categoryId = useId();
  const paymentErrorId = useId();
  const form = useForm({
    resolver: zodResolver(RegistrationFormSchema),
    mode: 'onTouched',
    defaultValues,
  });
  const { register, handleSubmit, watch, setError } = form;
  const { errors } = form.formState;

  // The eligibility sentence is the first thing the student must read: scroll to it and focus it.
  useEffect(() => {
    if (!notEligible) return;
    eligibilityRef.current?.scrollIntoView?.({ block: 'start' });
    eligibilityRef.current?.focus();
  }, [notEligible]);

  const category = categoryOfClass(watch('class'));
  const paymentMethod = watch('payment_method');

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    setNotEligible(undefined);
    try {
      await submit(values).unwrap();
      onSubmitted();
    } catch (failure) {
      const message = serverMessage(failure);
      if (errorStatus(failure) === 403) {
        setNotEligible(message ?? t('error.generic'));
        return;
      }
      const shownBesideFields = applyServerFieldErrors(failure, setError, REGISTRATION_FIELDS);
      // Already registered: the status on the profile is out of date.
      if (errorStatus(failure) === 409 && !shownBesideFields) {
        dispatch(registrationApi.util.invalidateTags(['Registration']));
      }
      setFormError(message ?? t('error.generic'));
    }
  });

  const field = (name: (typeof REGISTRATION_FIELDS)[number]) => translateMessage(errors[name]?.message);
  const methodName = (method: string) => t(`payment.method.${method as 'bkash'}`);

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label={t('title')}>
      {notEligible ? (
        <div ref={eligibilityRef} tabIndex={-1} className="scroll-mt-24 focus:outline-none">
          <Alert tone="error" className="text-base">
            <p className="font-semibold">{t('notEligible.title')}</p>
            <p className="mt-1" data-testid="eligibility-message">
              {notEligible}
            </p>
          </Alert>
        </div>
      ) : null}

      <Section title={t('section.student')}>
        <TextField label={t('field.name')} autoComplete="name" error={field('name')} {...register('name')} />
        <TextField
          label={t('field.institution')}
          autoComplete="organization"
          hint={t('field.institutionHint')}
          error={field('institution')}
          {...register('institution')}
        />
        <SelectField
          label={t('field.class')}
          placeholder={t('field.chooseClass')}
          options={CLASS_LEVELS.map((level) => ({
            value: String(level),
            label: t('field.classOption', { class: String(level) }),
          }))}
          error={field('class')}
          {...register('class', { valueAsNumber: true })}
        />
        <p
          id={categoryId}
          aria-live="polite"
          data-testid="registration-category"
          className={`rounded-lg px-3 py-2 text-sm ${category ? 'bg-sky-50 font-semibold text-sky-900' : 'bg-slate-50 text-slate-600'}`}
        >
          {category
            ? t('category.yours', { category: t(CATEGORY_WITH_GRADES[category]) })
            : t('category.chooseClass')}
        </p>
      </Section>

      <Section title={t('section.place')}>
        <PlaceSelects
          form={form}
          errorOf={field}
          labels={{
            division: t('field.division'),
            chooseDivision: t('field.chooseDivision'),
            district: t('field.district'),
            chooseDistrict: t('field.chooseDistrict'),
            districtHint: t('field.districtHint'),
            subDistrict: t('field.subDistrict'),
            chooseSubDistrict: t('field.chooseSubDistrict'),
            subDistrictHint: t('field.subDistrictHint'),
          }}
        />
      </Section>

      <Section title={t('section.guardian')}>
        <TextField
          label={t('field.guardianName')}
          autoComplete="off"
          error={field('guardian_name')}
          {...register('guardian_name')}
        />
        <TextField
          label={t('field.guardianPhone')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          hint={t('field.phoneHint')}
          error={field('guardian_phone')}
          {...register('guardian_phone')}
        />
      </Section>

      <Section title={t('section.event')}>
        <SelectField
          label={t('field.tshirt')}
          placeholder={t('field.chooseTshirt')}
          options={TSHIRT_OPTIONS}
          error={field('tshirt_size')}
          {...register('tshirt_size')}
        />
        <SelectField
          label={t('field.pickup')}
          placeholder={t('field.choosePickup')}
          options={[
            ...PICKUP_SPOTS.map((spot) => ({ value: spot.name, label: placeLabel(spot, i18n.language) })),
            { value: OWN_TRANSPORT, label: t('field.ownTransport') },
          ]}
          error={field('pickup_spot')}
          {...register('pickup_spot')}
        />
      </Section>

      <Section title={t('section.payment')}>
        <p className="text-lg font-semibold text-slate-900" data-testid="registration-fee">
          {t('payment.fee', { amount: String(REGISTRATION_FEE_BDT) })}
        </p>
        <p className="text-sm text-slate-700">
          {t('payment.instructions', { amount: String(REGISTRATION_FEE_BDT) })}
        </p>
        <fieldset aria-describedby={errors.payment_method ? paymentErrorId : undefined}>
          <legend className="mb-2 block text-sm font-medium text-slate-800">
            {t('field.paymentMethod')}
          </legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {PAYMENT_METHODS.map((method) => {
              const account = paymentAccounts.find((candidate) => candidate.method === method);
              return (
                <label
                  key={method}
                  className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 has-checked:border-sky-600 has-checked:bg-sky-50"
                >
                  <input
                    type="radio"
                    value={method}
                    className="mt-1 size-4 accent-sky-700"
                    {...register('payment_method')}
                  />
                  <span className="min-w-0">
                    <span className="block font-semibold text-slate-900">{methodName(method)}</span>
                    {account ? (
                      <span className="block text-sm break-words text-slate-700">
                        {t('payment.number', { method: methodName(method), number: account.number })}
                      </span>
                    ) : null}
                  </span>
                </label>
              );
            })}
          </div>
          {errors.payment_method ? (
            <p id={paymentErrorId} className="mt-1 text-sm text-red-700" aria-live="polite">
              {field('payment_method')}
            </p>
          ) : null}
        </fieldset>
        <TextField
          label={t('field.paymentSender')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          hint={
            paymentMethod
              ? t('field.paymentSenderHint', { method: methodName(paymentMethod) })
              : t('field.phoneHint')
          }
          error={field('payment_sender')}
          {...register('payment_sender')}
        />
        <TextField
          label={t('field.transactionId')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          hint={t('field.transactionIdHint')}
          error={field('transaction_id')}
          {...register('transaction_id')}
        />
      </Section>

      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <Button type="submit" pending={isLoading} pendingText={t('submitting')} className="w-full sm:w-auto">
        {resubmission ? t('resubmit') : t('submit')}
      </Button>
    </form>
  );
}
