import { DIVISIONS, districtsOf, subDistrictsOf } from '@ngso/shared/geography';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { placeOptions } from '../i18n/places.ts';
import { SelectField } from './ui/select-field.tsx';

type PlaceField = 'division' | 'district' | 'sub_district';

export type PlaceSelectsProps = {
  division: string;
  district: string;
  /** The form's register for a place field, with what to do when it changes. */
  register: (name: PlaceField, onChange?: () => void) => UseFormRegisterReturn;
  /** Empties a field below the one that changed. */
  clear: (name: Exclude<PlaceField, 'division'>) => void;
  errors: Partial<Record<PlaceField, string | undefined>>;
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
export function PlaceSelects({ division, district, register, clear, errors, labels }: PlaceSelectsProps) {
  const { i18n } = useTranslation();
  return (
    <>
      <SelectField
        label={labels.division}
        placeholder={labels.chooseDivision}
        options={placeOptions(DIVISIONS, i18n.language)}
        error={errors.division}
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
        error={errors.district}
        {...register('district', () => clear('sub_district'))}
        disabled={!division}
      />
      <SelectField
        label={labels.subDistrict}
        placeholder={labels.chooseSubDistrict}
        options={placeOptions(district ? subDistrictsOf(district) : [], i18n.language)}
        hint={district ? undefined : labels.subDistrictHint}
        error={errors.sub_district}
        {...register('sub_district')}
        disabled={!district}
      />
    </>
  );
}
