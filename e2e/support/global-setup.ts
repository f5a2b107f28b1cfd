import { rmSync } from 'node:fs';
import { request } from '@playwright/test';
import { E2E_ADMIN, XHR } from './admin.ts';
import { E2E_BASE_URL } from './env.ts';
import { SEEDED_DATA_ENV, seededDataFolder } from './own-server.ts';
import { saveSharedKeeper, setUpSecondFactor } from './second-factor.ts';

/**
 * Once before the journeys: the shared server's admin sets up the second factor the console needs, and the
 * seeded data folder the journeys' own servers start from is made (own-server.ts); removed at the end.
 */
export default async function globalSetup() {
  const seeded = seededDataFolder();
  seeded.catch(() => {}); // awaited below; a failure is thrown there
  const api = await request.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: XHR });
  for (let tries = 0; !(await api.get('/api/health').catch(() => undefined))?.ok(); tries++) {
    if (tries > 240) throw new Error('the e2e server did not answer');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const login = await api.post('/api/v1/login', { data: E2E_ADMIN });
  if (!login.ok()) throw new Error(`the e2e admin could not sign in: ${await login.text()}`);
  saveSharedKeeper(await setUpSecondFactor(api, E2E_BASE_URL));
  await api.dispose();
  // Read by the workers, which start after this (Playwright passes the environment on).
  const folder = await seeded;
  process.env[SEEDED_DATA_ENV] = folder;
  return () => rmSync(folder, { recursive: true, force: true });
}
