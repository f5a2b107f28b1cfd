import { Secret, TOTP } from 'otpauth';

/** A POST of a signed-in test client, whatever its kind (in-process inject or real HTTP). */
export type Post = (url: string, body?: unknown) => Promise<{ status: number; body: unknown }>;

type Enrolled = { secret: string; recoveryCodes: string[]; lastStep: number };

/** What the tests' staff set up, by server and address: the secret their "phone" holds, and their recovery codes. */
const enrolled = new Map<string, Enrolled>();
const PERIOD_MS = 30_000;

/** The code an authenticator app holding `secret` shows at `now`. */
export const totpCode = (secret: string, now: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: now,
  });

/**
 * Passes staff's second factor for a session just signed in, as the staff member does: sets it up the first
 * time (scanning the secret, confirming a code), then a fresh code at each later sign-in. A code works once
 * (per 30 s step), so a second sign-in within the same step uses one of the recovery codes.
 * `server` names the server (one per test app), `now` is the server's clock.
 */
export async function passSecondFactor(post: Post, server: string, email: string, now: number) {
  const key = `${server} ${email}`;
  const step = Math.floor(now / PERIOD_MS);
  const known = enrolled.get(key);
  if (!known) {
    const setup = await post('/api/v1/two-factor/setup');
    if (setup.status !== 200)
      throw new Error(`two-factor setup answered ${setup.status}: ${JSON.stringify(setup.body)}`);
    const { secret } = (setup.body as { data: { secret: string } }).data;
    const confirmed = await post('/api/v1/two-factor/confirm', { code: totpCode(secret, now) });
    if (confirmed.status !== 200) throw new Error(`two-factor confirm answered ${confirmed.status}`);
    const { recovery_codes } = confirmed.body as { recovery_codes: string[] };
    enrolled.set(key, { secret, recoveryCodes: [...recovery_codes], lastStep: step });
    return;
  }
  const body =
    step > known.lastStep
      ? { code: totpCode(known.secret, now) }
      : { recovery_code: known.recoveryCodes.pop() };
  known.lastStep = Math.max(known.lastStep, step);
  const verified = await post('/api/v1/two-factor/verify', body);
  if (verified.status !== 200)
    throw new Error(`two-factor verify answered ${verified.status}: ${JSON.stringify(verified.body)}`);
}

/** Forgets what a test set up for an address (after an admin reset it, say). */
export const forgetSecondFactor = (server: string, email: string) => enrolled.delete(`${server} ${email}`);

/** The same, for a client of a server process over real HTTP (the server's clock is this machine's). */
export function passSecondFactorOverHttp(
  client: { post: (url: string, body?: unknown) => Promise<{ status: number; body: unknown }> },
  server: string,
  email: string,
) {
  return passSecondFactor((url, body) => client.post(url, body ?? {}), server, email, Date.now());
}
