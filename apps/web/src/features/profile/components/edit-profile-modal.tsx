import { zodResolver } from '@hookform/resolvers/zod';
import { ProfileUpdateSchema, type ProfileUser } from '@ngso/shared/schemas/profile';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PlaceSelects } from '../../../components/place-selects.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { translateMessage } from '../../../i18n/message.ts';
import { serverMessage } from '../../../lib/api-error.ts';
import { isUnreachable } from '../../../lib/error-status.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { useUpdateProfileMutation } from '../api.ts';
import { changedFields, EDITABLE_FIELDS, formValuesOf } from '../profile-changes.ts';

type EditProfileModalProps = { open: boolean; profile: ProfileUser; onClose: () => void };

export function EditProfileModal({ open, profile, onClose }: EditProfileModalProps) {
  const { t } = useTranslation('profile');
  return (
    <Modal open={open} onClose={onClose} title={t('edit.title')} closeLabel={t('close')}>
      <EditProfileForm profile={profile} onDone={onClose} />
    </Modal>
  );
}

/**
 * Edit Profile (spec section 4): the division → district → sub-district cascade, only changed
 * fields sent, no call when nothing changed, the spec's failure sentences.
 */
function EditProfileForm({ profile, onDone }: { profile: ProfileUser; onDone: () => void }) {
  const { t } = useTranslation('profile');
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const [formError, setFormError] = useState<string>();
  const form = useForm({
    resolver: zodResolver(ProfileUpdateSchema),
    mode: 'onTouched',
    defaultValues: formValuesOf(profile),
  });
  const { register, handleSubmit, setError } = form;
  const { errors } = form.formState;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    const changes = changedFields(profile, values);
    if (Object.keys(changes).length === 0) {
      onDone();
      return;
    }
    try {
      await updateProfile(changes).unwrap();
      onDone();
    } catch (failure) {
      applyServerFieldErrors(failure, setError, EDITABLE_FIELDS);
      const message = serverMessage(failure);
      setFormError(message ?? (isUnreachable(failure) ? t('edit.error') : t('edit.failed')));
    }
  });

  const field = (name: (typeof EDITABLE_FIELDS)[number]) => translateMessage(errors[name]?.message);

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('edit.title')}>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <TextField label={t('edit.name')} autoComplete="name" error={field('name')} {...register('name')} />
      <TextField
        label={t('edit.phone')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        hint={t('edit.phoneHint')}
        error={field('phone_number')}
        {...register('phone_number')}
      />
      <TextField
        label={t('edit.institution')}
        autoComplete="organization"
        hint={t('edit.institutionHint')}
        error={field('institution')}
        {...register('institution')}
      />
      <PlaceSelects
        form={form}
        errorOf={field}
        labels={{
          division: t('edit.division'),
          chooseDivision: t('edit.chooseDivision'),
          district: t('edit.district'),
          chooseDistrict: t('edit.chooseDistrict'),
          districtHint: t('edit.districtHint'),
          subDistrict: t('edit.subDistrict'),
          chooseSubDistrict: t('edit.chooseSubDistrict'),
          subDistrictHint: t('edit.subDistrictHint'),
        }}
      />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          {t('cancel')}
        </Button>
        <Button type="submit" pending={isLoading} pendingText={t('edit.saving')}>
          {t('edit.save')}
        </Button>
      </div>
    </form>
  );
}
