import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { E2E_BASE_URL, E2E_DATA_DIR } from './env.ts';

/**
 * The e2e admin's second factor, as a person with an authenticator app and a sheet of recovery codes uses
 * it. A code works once per 30 s step on the server, and every worker signs in as the same admin: a worker
 * that finds the current step taken uses a recovery code of its own (the codes dealt out by worker number),
 * and past those waits for the next step.
 */
type Keeper = { secret: string; recoveryCodes: string[]; lastStep: number };

const STEP_MS = 30_000;
const keepers = new Map<string, Keeper>();
const SHARED_FILE = path.join(E2E_DATA_DIR, 'admin-second-factor.json');

const stepNow = () => Math.floor(Date.now() / STEP_MS);
/** The code an authenticator app holding `secret` shows now. */
export const codeNow = (secret: string) => codeAt(secret, Date.now());
const codeAt = (secret: string, timestamp: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp,
  });

/** Sets up the second factor for a session signed in with the password; what the "phone" now holds. */
export async function setUpSecondFactor(api: APIRequestContext, server: string): Promise<Keeper> {
  const setup = await api.post('/api/v1/two-factor/setup');
  expect(setup.status(), await setup.text()).toBe(200);
  const { secret } = ((await setup.json()) as { data: { secret: string } }).data;
  const keeper: Keeper = { secret, recoveryCodes: [], lastStep: -1 };
  const proof = await nextProof(server, keeper);
  if (!('code' in proof)) throw new Error('no step free to set up the second factor');
  const confirmed = await api.post('/api/v1/two-factor/confirm', { data: proof });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const { recovery_codes } = (await confirmed.json()) as { recovery_codes: string[] };
  return { ...keeper, recoveryCodes: recovery_codes };
}

/** Keeps what the shared server's admin set up (global setup), for the workers to read. */
export function saveSharedKeeper(keeper: Keeper) {
  writeFileSync(SHARED_FILE, JSON.stringify(keeper));
}

/** The keeper of a server's admin: the shared server's from its file, an own server's once set up. */
function keeperOf(server: string): Keeper | undefined {
  let keeper = keepers.get(server);
  if (!keeper && server === E2E_BASE_URL) {
    const shared = JSON.parse(readFileSync(SHARED_FILE, 'utf8')) as Keeper;
    const { parallelIndex } = test.info();
    const workers = Math.max(1, test.info().config.workers);
    keeper = {
      ...shared,
      recoveryCodes: shared.recoveryCodes.filter((_, i) => i % workers === parallelIndex % workers),
    };
    keepers.set(server, keeper);
  }
  return keeper;
}

const rememberKeeper = (server: string, keeper: Keeper) => keepers.set(server, keeper);

/**
 * Takes a time step's code for this server, once: on the shared server through a file made exclusively
 * (the workers sign in as the same admin), on an own server (one worker) in memory.
 */
function claimStep(server: string, keeper: Keeper, step: number) {
  if (step <= keeper.lastStep) return false;
  if (server === E2E_BASE_URL) {
    try {
      writeFileSync(path.join(E2E_DATA_DIR, `totp-step-${step}`), '', { flag: 'wx' });
    } catch {
      return false;
    }
  }
  keeper.lastStep = step;
  return true;
}

/**
 * A recovery code no one used, once. On the shared server a code is claimed through a file made exclusively:
 * a worker that Playwright starts again after a failed test reads the same codes as the one before it.
 */
function claimRecoveryCode(server: string, keeper: Keeper) {
  for (let code = keeper.recoveryCodes.pop(); code; code = keeper.recoveryCodes.pop()) {
    if (server !== E2E_BASE_URL) return code;
    try {
      writeFileSync(path.join(E2E_DATA_DIR, `recovery-code-${code}`), '', { flag: 'wx' });
      return code;
    } catch {
      // Used by an earlier worker: the next one.
    }
  }
  return undefined;
}

/** What to give now: this step's code if no one used it, else a recovery code, else the next step's code. */
async function nextProof(
  server: string,
  keeper: Keeper,
): Promise<{ code: string } | { recovery_code: string }> {
  for (;;) {
    const step = stepNow();
    if (claimStep(server, keeper, step)) return { code: codeAt(keeper.secret, step * STEP_MS + 1_000) };
    const recovery = claimRecoveryCode(server, keeper);
    if (recovery) return { recovery_code: recovery };
    await new Promise((resolve) => setTimeout(resolve, (step + 1) * STEP_MS - Date.now() + 200));
  }
}

/** Passes the second factor for an API session of the admin just signed in with the password. */
export async function passSecondFactor(api: APIRequestContext, server: string) {
  const keeper = keeperOf(server);
  if (!keeper) {
    rememberKeeper(server, await setUpSecondFactor(api, server));
    return;
  }
  let refusal = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const answer = await api.post('/api/v1/two-factor/verify', { data: await nextProof(server, keeper) });
    if (answer.ok()) return;
    refusal = `${answer.status()} ${await answer.text()}`;
  }
  throw new Error(`the e2e admin could not pass the second factor: ${refusal}`);
}

/**
 * The /two-factor page after an admin's password sign-in: the code from the app (or a recovery code when
 * another worker took this step's code), then back to the console page that was asked for.
 */
export async function confirmSecondFactorInPage(page: Page, server = E2E_BASE_URL) {
  await expect(page).toHaveURL(/\/two-factor/);
  const keeper = keeperOf(server);
  if (!keeper) throw new Error(`no second factor set up for the admin of ${server}`);
  for (let attempt = 0; attempt < 3; attempt++) {
    const proof = await nextProof(server, keeper);
    if ('code' in proof) {
      await page.getByLabel('Code from the app').fill(proof.code);
    } else {
      if (await page.getByRole('button', { name: 'Use a recovery code instead' }).isVisible()) {
        await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
      }
      await page.getByLabel('Recovery code').fill(proof.recovery_code);
    }
    await page.getByRole('button', { name: 'Confirm' }).click();
    const refused = page.getByText(/not correct, or it has been used already/);
    const outcome = await Promise.race([
      page.waitForURL((url) => !url.pathname.startsWith('/two-factor')).then(() => 'passed' as const),
      refused.waitFor().then(() => 'refused' as const),
    ]);
    if (outcome === 'passed') return;
  }
  throw new Error('the e2e admin could not pass the second factor in the page');
}
