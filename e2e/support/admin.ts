import { type APIRequestContext, expect, request } from '@playwright/test';
import { E2E_BASE_URL } from './env.ts';
import { passSecondFactor } from './second-factor.ts';

/** The admin the e2e server creates at start (support/server.mjs). */
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'Admin-e2e-pass-1' };

/** State-changing calls need this header (api.md); browsers' fetches from the app send it too. */
export const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** An API session of the e2e admin, past the second factor. Dispose it after use. */
export function adminApi(): Promise<APIRequestContext> {
  return adminApiOn(E2E_BASE_URL);
}

/**
 * A signed-in admin session on a server (`server` names it: its address and data), past the second factor. One session per worker and server is
 * signed in; each call gets a context of its own holding that session (disposing it signs nothing out).
 */
const sessions = new Map<string, Awaited<ReturnType<APIRequestContext['storageState']>>>();
export async function adminApiOn(baseURL: string, server = baseURL): Promise<APIRequestContext> {
  const saved = sessions.get(server);
  if (saved) return request.newContext({ baseURL, extraHTTPHeaders: XHR, storageState: saved });
  const api = await request.newContext({ baseURL, extraHTTPHeaders: XHR });
  const login = await api.post('/api/v1/login', { data: E2E_ADMIN });
  expect(login.ok(), 'the e2e admin logs in').toBe(true);
  await passSecondFactor(api, server);
  sessions.set(server, await api.storageState());
  return api;
}

export type PreliminaryRow = {
  email: string;
  name: string;
  category: 'junior' | 'senior' | 'secondary';
  score: number;
  total: number;
  qualified: boolean;
};

/** Imports preliminary results as the organisers do: a CSV upload (email,name,category,score,total,qualified). */
export async function importPreliminaryResults(api: APIRequestContext, rows: PreliminaryRow[]) {
  const csv = [
    'email,name,category,score,total,qualified',
    ...rows.map((row) => [row.email, row.name, row.category, row.score, row.total, row.qualified].join(',')),
  ].join('\n');
  const response = await api.post('/api/v1/admin/preliminary/import', {
    multipart: { file: { name: 'results.csv', mimeType: 'text/csv', buffer: Buffer.from(`${csv}\n`) } },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The id of the registration of `email` (the organisers' list, searched by e-mail). */
export async function registrationIdOf(api: APIRequestContext, email: string): Promise<string> {
  const response = await api.get('/api/v1/admin/registrations', { params: { q: email } });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { data: { id: string; email: string }[] };
  const found = body.data.find((registration) => registration.email === email);
  if (!found) throw new Error(`No registration found for ${email}`);
  return found.id;
}

/** Approves the registration of `email`, as an organiser verifying the payment; returns the roll number. */
export async function approveRegistrationOf(api: APIRequestContext, email: string): Promise<string> {
  const id = await registrationIdOf(api, email);
  const response = await api.post(`/api/v1/admin/registrations/${id}/approve`, { data: {} });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { data: { roll_number: string } };
  return body.data.roll_number;
}

/** A transaction ID no other test uses (IDs are unique across registrations). */
export function uniqueTransactionId(): string {
  return `TX${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`.toUpperCase().slice(0, 20);
}
