import type { Category } from '@ngso/shared/constants';
import type { Arrivals, NotArrivedEntrant } from '@ngso/shared/schemas/check-in';
import { adminApi, type Paged } from '../api.ts';
import { scoped } from '../console/current-competition.ts';

/** Who has not arrived: a category and a pick-up spot, or all of them; a page at a time. */
export type NotArrivedOf = {
  competition: string;
  category: Category | null;
  pickupSpot: string | null;
  page: number;
};

/** The arrivals at the in-person final round (/v1/admin/arrivals): the counts, and who has not arrived. */
export const arrivalsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    arrivals: build.query<Arrivals, string>({
      query: (competition) => scoped('v1/admin/arrivals', competition),
      transformResponse: (response: { data: Arrivals }) => response.data,
    }),
    notArrived: build.query<Paged<NotArrivedEntrant>, NotArrivedOf>({
      query: ({ competition, category, pickupSpot, page }) => {
        const params = new URLSearchParams({ page: String(page) });
        if (category) params.set('category', category);
        if (pickupSpot) params.set('pickup_spot', pickupSpot);
        return scoped(`v1/admin/arrivals/missing?${params}`, competition);
      },
    }),
  }),
});

export const { useArrivalsQuery, useNotArrivedQuery } = arrivalsApi;
