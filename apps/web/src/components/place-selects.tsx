import { DIVISIONS, districtsOf, subDistrictsOf } from '@ngso/shared/geography';
import type {
  FieldValues,
  Path,
  PathValue,
  UseFormRegister,
  UseFormSetValue,
  UseFormWatch,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { placeOptions } from '../i18n/places.ts';
import { SelectField } from './ui/select-field.tsx';

type PlaceField = 'division' | 'district' | 'sub_district';

/** A form with the three place fields (its register, setValue and watch). */
export type PlaceForm<T extends FieldValues> = {
  register: UseFormRegister<T>;
  setValue: UseFormSetValue<T>;
  watch: UseFormWatch<T>;
};

export type PlaceSelectsProps<T extends FieldValues> = {
  form: PlaceForm<T>;
  /** A place field's error, already translated. */
  errorOf: (name: PlaceField) => string | undefined;
  labels: Record<
    | 'division'
    | 'chooseDivision'
    | 'district'
    | 'chooseDistrict'
    | 'districtHint'
    | 'subDistrict'
    | 'chooseSubDistrict'
    | 'subDistrictHint',
    string
  >;
};

/**
 * Division → district → sub-district, as the spec's Edit Profile has it: choosing a division clears the two
 * below, choosing a district clears the sub-district, and each is disabled until the one above is chosen.
 */
export function PlaceSelects<T extends FieldValues & Partial<Record<PlaceField, string | null>>>({
  form,
  errorOf,
  labels,
}: PlaceSelectsProps<T>) {
  const { i18n } = useTranslation();
  const path = (name: PlaceField) => name as Path<T>;
  const register = (name: PlaceField, onChange?: () => void) => form.register(path(name), { onChange });
  const clear = (name: Exclude<PlaceField, 'division'>) =>
    form.setValue(path(name), '' as PathValue<T, Path<T>>);
  const division: string = form.watch(path('division')) ?? '';
  const district: string = form.watch(path('district')) ?? '';
  return (
    <>
      <SelectField
        label={labels.division}
        placeholder={labels.chooseDivision}
        options={placeOptions(DIVISIONS, i18n.language)}
        error={errorOf('division')}
        {...register('division', () => {
          clear('district');
          clear('sub_district');
        })}
      />
      <SelectField
        label={labels.district}
        placeholder={labels.chooseDistrict}
        options={placeOptions(division ? districtsOf(division) : [], i18n.language)}
        hint={division ? undefined : labels.districtHint}
        error={errorOf('district')}
        {...register('district', () => clear('sub_district'))}
        disabled={!division}
      />
      <SelectField
        label={labels.subDistrict}
        placeholder={labels.chooseSubDistrict}
        options={placeOptions(district ? subDistrictsOf(district) : [], i18n.language)}
        hint={district ? undefined : labels.subDistrictHint}
        error={errorOf('sub_district')}
        {...register('sub_district')}
        disabled={!district}
      />
    </>
  );
}
