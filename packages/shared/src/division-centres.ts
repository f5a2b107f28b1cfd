// Where each division sits, for the console's schematic map: the mean latitude and longitude of its
// districts that have coordinates (bd-geojs has no division outlines, and 15 of its 64 districts have no
// latitude or longitude). A module of its own so that only the console loads it.
import { districts } from 'bd-geojs/dist/data/districts.js';
import { divisions } from 'bd-geojs/dist/data/divisions.js';
import { DIVISIONS } from './geography.ts';

export type DivisionCentre = { name: string; bn: string; lat: number; lon: number };

export const DIVISION_CENTRES: readonly DivisionCentre[] = divisions
  .map((division) => {
    const own = districts.filter(
      (district) => district.division_id === division.id && district.lat !== null && district.lon !== null,
    );
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    return {
      // The spelling the app uses (Barishal, Chattogram), found by the Bangla name.
      name: DIVISIONS.find((place) => place.bn === division.bn_name)?.name ?? division.name,
      bn: division.bn_name,
      lat: mean(own.map((district) => Number(district.lat))),
      lon: mean(own.map((district) => Number(district.lon))),
    };
  })
  .sort((a, b) => a.name.localeCompare(b.name));
