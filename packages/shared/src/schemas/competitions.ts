import { z } from 'zod';
import { CATEGORIES } from '../constants.ts';
import { msg, requiredString } from './common.ts';

/** A competition's path segment, e.g. ngso-1 (the spec's paths keep working for it). */
export const CompetitionCodeSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9-]{1,40}$/, msg('competition.code'));

/**
 * Award bands by rank, each "up to and including" that rank: with the default, rank 1 is gold, 2 silver,
 * 3 bronze (the spec's Future Scientist Award) and ranks 4 to 50 win prizes. Ties share their rank's band.
 * A band of the same number as the one before it is empty (e.g. no silver).
 */
export const AwardBandsSchema = z
  .object({
    gold_up_to: z.number().int().min(0).max(100_000),
    silver_up_to: z.number().int().min(0).max(100_000),
    bronze_up_to: z.number().int().min(0).max(100_000),
    prize_up_to: z.number().int().min(0).max(100_000),
  })
  .refine(
    (bands) =>
      bands.gold_up_to <= bands.silver_up_to &&
      bands.silver_up_to <= bands.bronze_up_to &&
      bands.bronze_up_to <= bands.prize_up_to,
    { message: 'awards.order', path: ['prize_up_to'] },
  );
export type AwardBands = z.infer<typeof AwardBandsSchema>;

/** A category's own award bands, where organisers set them (the others follow the competition's). */
export const CategoryAwardBandsSchema = z.partialRecord(z.enum(CATEGORIES), AwardBandsSchema);
export type CategoryAwardBands = z.infer<typeof CategoryAwardBandsSchema>;

export const DEFAULT_AWARD_BANDS: AwardBands = {
  gold_up_to: 1,
  silver_up_to: 2,
  bronze_up_to: 3,
  prize_up_to: 50,
};

const CategoriesSchema = z
  .array(z.enum(CATEGORIES))
  .min(1, msg('competition.categories'))
  .refine((list) => new Set(list).size === list.length, msg('competition.categories'));

const CompetitionFields = {
  name: requiredString().max(200, msg('text.tooLong')),
  fee_bdt: z
    .number(msg('competition.fee'))
    .int(msg('competition.fee'))
    .min(0, msg('competition.fee'))
    .max(100_000, msg('competition.fee')),
  categories: CategoriesSchema,
};

/** Organisers create next year's competition: code, name, fee and categories; award bands start at the default. */
export const CompetitionInputSchema = z.object({ code: CompetitionCodeSchema, ...CompetitionFields });
export const CompetitionUpdateSchema = z.object({
  ...CompetitionFields,
  award_bands: AwardBandsSchema,
  /** Left out: the categories' own bands stay as they are. */
  category_award_bands: CategoryAwardBandsSchema.optional(),
});

export const CompetitionSchema = z.object({
  code: z.string(),
  name: z.string(),
  fee_bdt: z.number(),
  categories: z.array(z.enum(CATEGORIES)),
  award_bands: AwardBandsSchema,
  category_award_bands: CategoryAwardBandsSchema,
  created_at: z.string(),
});
export type Competition = z.infer<typeof CompetitionSchema>;
