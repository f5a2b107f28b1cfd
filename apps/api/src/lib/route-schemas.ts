import { ErrorResponseSchema } from '@ngso/shared/schemas/common';
import { CompetitionCodeSchema as CompetitionCode } from '@ngso/shared/schemas/competitions';
import { z } from 'zod';

export const CompetitionParamsSchema = z.object({ competition: CompetitionCode });

/** The organisers' calls work on one competition at a time: ngso-1 unless another is named. */
export const CompetitionQuerySchema = z.object({ competition: CompetitionCode.default('ngso-1') });

/** The error envelope for each status a route can answer with, for its OpenAPI description. */
export const errorResponses = <S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorResponseSchema])) as Record<
    S,
    typeof ErrorResponseSchema
  >;
