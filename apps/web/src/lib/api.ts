import { setupListeners } from '@reduxjs/toolkit/query';
import { createApi } from '@reduxjs/toolkit/query/react';
import { apiLoaded } from './api-loaded.ts';
import { baseQuery } from './base-query.ts';

/**
 * The one RTK Query API; each feature adds its endpoints with `injectEndpoints` in its api.ts. Not in the
 * first chunk: the first page or session that calls the server loads it, and the store takes it in then
 * (lib/api-loaded.ts, app/store.ts).
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['User', 'Profile', 'Registration'],
  refetchOnReconnect: true,
  endpoints: () => ({}),
});

apiLoaded({ api: baseApi, setupListeners });
