import { describe, expect, it } from 'vitest';
import { DIVISIONS, districtsOf, locationError, subDistrictsOf } from './geography.ts';

describe('the geography dataset', () => {
  it('has the 8 divisions in the spec spellings, 64 districts and 491 upazilas', () => {
    expect(DIVISIONS.map((d) => d.name)).toEqual([
      'Barishal',
      'Chattogram',
      'Dhaka',
      'Khulna',
      'Mymensingh',
      'Rajshahi',
      'Rangpur',
      'Sylhet',
    ]);
    const allDistricts = DIVISIONS.flatMap((d) => districtsOf(d.name));
    expect(allDistricts).toHaveLength(64);
    expect(allDistricts.flatMap((d) => subDistrictsOf(d.name))).toHaveLength(491);
    expect(DIVISIONS.find((d) => d.name === 'Dhaka')?.bn).toBe('ঢাকা');
  });

  it('accepts a valid chain and empty tails', () => {
    expect(locationError({ division: 'Rajshahi', district: 'Bogura', sub_district: 'Adamdighi' })).toBeNull();
    expect(locationError({ division: 'Rajshahi', district: null, sub_district: null })).toBeNull();
    expect(locationError({ division: null, district: null, sub_district: null })).toBeNull();
  });

  it('names the field that breaks the chain', () => {
    expect(locationError({ division: 'Atlantis', district: null, sub_district: null })).toBe('division');
    expect(locationError({ division: 'Dhaka', district: 'Bogura', sub_district: null })).toBe('district');
    expect(locationError({ division: null, district: 'Dhaka', sub_district: null })).toBe('district');
    expect(locationError({ division: 'Rajshahi', district: 'Bogura', sub_district: 'Savar' })).toBe(
      'sub_district',
    );
    expect(locationError({ division: 'Rajshahi', district: null, sub_district: 'Adamdighi' })).toBe(
      'sub_district',
    );
  });
});

describe("the divisions' centres (the console's schematic map)", () => {
  it('places each of the 8 divisions inside Bangladesh, in the right order from north to south', async () => {
    const { DIVISION_CENTRES } = await import('./division-centres.ts');
    expect(DIVISION_CENTRES.map((d) => d.name)).toEqual(DIVISIONS.map((d) => d.name));
    for (const centre of DIVISION_CENTRES) {
      expect(centre.lat).toBeGreaterThan(20.5);
      expect(centre.lat).toBeLessThan(26.7);
      expect(centre.lon).toBeGreaterThan(88);
      expect(centre.lon).toBeLessThan(92.7);
    }
    const lat = (name: string) => DIVISION_CENTRES.find((d) => d.name === name)?.lat ?? 0;
    expect(lat('Rangpur')).toBeGreaterThan(lat('Dhaka'));
    expect(lat('Dhaka')).toBeGreaterThan(lat('Barishal'));
  });
});
