import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { activities } from './activities.ts';
import { categories } from './categories.ts';
import { events } from './events.ts';
import { faq } from './faq.ts';
import { organiser } from './organiser.ts';
import { partners } from './partners.ts';
import {
  ActivitiesSchema,
  CategoriesSchema,
  EventsSchema,
  FaqSchema,
  OrganiserSchema,
  PartnersSchema,
  StatisticsSchema,
  TeamSchema,
} from './schemas.ts';
import { statistics } from './statistics.ts';
import { team } from './team.ts';

const publicDir = path.resolve(import.meta.dirname, '../../public');

const files: [string, z.ZodType, unknown][] = [
  ['organiser', OrganiserSchema, organiser],
  ['categories', CategoriesSchema, categories],
  ['statistics', StatisticsSchema, statistics],
  ['partners', PartnersSchema, partners],
  ['faq', FaqSchema, faq],
  ['activities', ActivitiesSchema, activities],
  ['events', EventsSchema, events],
  ['team', TeamSchema, team],
];

describe('site content', () => {
  it.each(files)('%s matches its schema', (_name, schema, data) => {
    const result = schema.safeParse(data);
    expect(result.error?.issues ?? []).toEqual([]);
  });

  it('has unique ids in every list', () => {
    for (const list of [categories, statistics, partners, faq, activities, events, team.members]) {
      const ids = list.map((item) => item.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('points at pictures that exist', () => {
    const images = [...partners.map((p) => p.logo), ...activities.map((a) => a.image)];
    for (const image of images) expect(existsSync(`${publicDir}${image.src}`), image.src).toBe(true);
  });

  it('keeps the spec numbers', () => {
    expect(categories.map((c) => c.participantPercentage)).toEqual([34.1, 39.5, 26.4]);
    expect(statistics.map((s) => s.number)).toEqual([15000, 12000, 1500]);
    expect(partners).toHaveLength(10);
    expect(activities.length).toBeGreaterThanOrEqual(60);
  });

  it('rejects content that breaks the rules', () => {
    expect(PartnersSchema.safeParse([{ ...partners[0], link: 'http://insecure.example' }]).success).toBe(
      false,
    );
    expect(StatisticsSchema.safeParse(statistics.slice(0, 2)).success).toBe(false);
    expect(
      TeamSchema.safeParse({ ...team, members: [{ ...team.members[0], department: 'nowhere' }] }).success,
    ).toBe(false);
  });
});
