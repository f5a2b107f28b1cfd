import { Secret, TOTP } from 'otpauth';

/**
 * A staff session for a benchmark: signs in with the password, then sets up and passes the second factor
 * the console needs, as a staff member does at the first visit. Answers the session's cookie header.
 */
export async function staffSession(base: string, email: string, password: string) {
  const json = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };
  const login = await fetch(`${base}/api/v1/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`the staff login answered ${login.status}`);
  const cookie = (login.headers.getSetCookie() ?? []).map((line) => line.split(';')[0]).join('; ');
  const post = (url: string, body: unknown) =>
    fetch(`${base}${url}`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify(body) });
  const setup = (await (await post('/api/v1/two-factor/setup', {})).json()) as { data: { secret: string } };
  const code = new TOTP({ secret: Secret.fromBase32(setup.data.secret) }).generate();
  const confirmed = await post('/api/v1/two-factor/confirm', { code });
  if (!confirmed.ok) throw new Error(`the second factor set-up answered ${confirmed.status}`);
  return cookie;
}
