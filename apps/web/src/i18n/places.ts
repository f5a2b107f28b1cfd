import { DIVISIONS, districtsOf, type Place, subDistrictsOf } from '@ngso/shared/geography';
import { toLanguage } from '@ngso/shared/language';

/** Place names for a select: the value stays the English name (what the server stores), the label follows the language. */
export const placeOptions = (places: readonly Place[], language: string) =>
  places.map((place) => ({ value: place.name, label: placeLabel(place, language) }));

/** A place (or pick-up spot) in the interface's language. */
export const placeLabel = (place: { name: string; bn: string }, language: string): string =>
  toLanguage(language) === 'bn' ? place.bn : place.name;

let banglaNames: Map<string, string> | undefined;

/** A stored place name (English) in the interface's language: 'Dhaka' → 'ঢাকা' in Bangla. */
export function placeName(name: string, language: string): string {
  if (toLanguage(language) !== 'bn') return name;
  if (!banglaNames) {
    banglaNames = new Map();
    for (const division of DIVISIONS) {
      banglaNames.set(division.name, division.bn);
      for (const district of districtsOf(division.name)) {
        banglaNames.set(district.name, district.bn);
        for (const upazila of subDistrictsOf(district.name)) {
          if (!banglaNames.has(upazila.name)) banglaNames.set(upazila.name, upazila.bn);
        }
      }
    }
  }
  return banglaNames.get(name) ?? name;
}
