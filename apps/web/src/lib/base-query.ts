import {
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  fetchBaseQuery,
} from '@reduxjs/toolkit/query/react';
import { i18next } from '../i18n/i18n.ts';
import { sessionEnded } from './session-events.ts';

/** Every call goes to `/api` on this origin (decisions.md). */
export const API_BASE_PATH = '/api/';

/**
 * The absolute API base, built from the page's address: a relative base URL fails under jsdom,
 * and this keeps the app working from any host it is served on.
 */
export function apiBaseUrl(): string {
  return new URL(API_BASE_PATH, window.location.href).toString();
}

function hasFormDataBody(arg: unknown): boolean {
  return (
    typeof arg === 'object' &&
    arg !== null &&
    'body' in arg &&
    typeof FormData !== 'undefined' &&
    arg.body instanceof FormData
  );
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '',
  credentials: 'include',
  prepareHeaders: (headers, { arg }) => {
    headers.set('Accept', 'application/json');
    headers.set('X-Requested-With', 'XMLHttpRequest');
    // The server's messages come in the interface's language (the cookie says the same once chosen).
    headers.set('Accept-Language', i18next.language);
    // A multipart body sets its own Content-Type with the boundary.
    if (!hasFormDataBody(arg)) headers.set('Content-Type', 'application/json');
    return headers;
  },
});

function withBase(args: string | FetchArgs): FetchArgs {
  const request = typeof args === 'string' ? { url: args } : args;
  const method = (request.method ?? 'GET').toUpperCase();
  // A JSON Content-Type with an empty body is refused by the server; state-changing calls send `{}`.
  const body = method !== 'GET' && method !== 'HEAD' && request.body === undefined ? {} : request.body;
  return { ...request, body, url: new URL(request.url.replace(/^\//, ''), apiBaseUrl()).toString() };
}

/**
 * The app's base query: the spec's headers, cookies sent, URL built from the page's address.
 * A 401 on a read means the persisted session is gone on the server: the session ends quietly.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  const result = await rawBaseQuery(withBase(args), api, extraOptions);
  if (result.error?.status === 401 && api.type === 'query') {
    api.dispatch(sessionEnded());
  }
  return result;
};
