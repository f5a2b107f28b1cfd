import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './base-query.ts';

/** The one RTK Query API; each feature adds its endpoints with `injectEndpoints` in its api.ts. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['User', 'Profile', 'Registration'],
  refetchOnReconnect: true,
  endpoints: () => ({}),
});
