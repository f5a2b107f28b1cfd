// Bangladesh's divisions, districts and upazilas (sub-districts), in English and Bangla, from bd-geojs.
// Only the three small tables are imported: the package's index also loads 800 KB of unions.
import { districts } from 'bd-geojs/dist/data/districts.js';
import { divisions } from 'bd-geojs/dist/data/divisions.js';
import { upazillas } from 'bd-geojs/dist/data/upazillas.js';

export type Place = { name: string; bn: string };

/** The spec's spellings where the dataset uses older ones. */
const SPELLING: Record<string, string> = {
  Barisal: 'Barishal',
  Chattagram: 'Chattogram',
  Coxsbazar: "Cox's Bazar",
};
const spell = (name: string) => SPELLING[name] ?? name;
const byName = (a: Place, b: Place) => a.name.localeCompare(b.name);

const districtsByDivision = new Map<string, Place[]>();
const upazilasByDistrict = new Map<string, Place[]>();

export const DIVISIONS: readonly Place[] = divisions
  .map((division) => ({ name: spell(division.name), bn: division.bn_name }))
  .sort(byName);

for (const division of divisions) {
  const places = districts
    .filter((district) => district.division_id === division.id)
    .map((district) => ({ name: spell(district.name), bn: district.bn_name }))
    .sort(byName);
  districtsByDivision.set(spell(division.name), places);
}
for (const district of districts) {
  const places = upazillas
    .filter((upazila) => upazila.district_id === district.id)
    .map((upazila) => ({ name: upazila.name, bn: upazila.bn_name }))
    .sort(byName);
  upazilasByDistrict.set(spell(district.name), places);
}

export const districtsOf = (division: string): readonly Place[] => districtsByDivision.get(division) ?? [];
export const subDistrictsOf = (district: string): readonly Place[] => upazilasByDistrict.get(district) ?? [];

export type Location = { division: string | null; district: string | null; sub_district: string | null };

/**
 * Which field breaks the chain division → district → sub-district, if any. A field may be empty only
 * when every field below it is empty too.
 */
export function locationError(location: Location): keyof Location | null {
  const { division, district, sub_district } = location;
  if (division && !districtsByDivision.has(division)) return 'division';
  if (district && (!division || !districtsOf(division).some((place) => place.name === district)))
    return 'district';
  if (sub_district && (!district || !subDistrictsOf(district).some((place) => place.name === sub_district))) {
    return 'sub_district';
  }
  return null;
}
