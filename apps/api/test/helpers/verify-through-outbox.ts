import type { HttpClient } from './server-process.ts';

type Query = <Row extends Record<string, unknown>>(text: string, values?: unknown[]) => Promise<Row[]>;

/** The token of the newest link to `page` (`/verify-email`, `/accept-invitation`) mailed to `email`, waiting for it. */
export async function tokenFromOutbox(query: Query, email: string, page: string) {
  for (let tries = 0; tries < 100; tries++) {
    const [mail] = await query<{ text: string }>(
      `select text from outbox_mails where "to" = $1 and text like $2 order by id desc limit 1`,
      [email, `%${page}?token=%`],
    );
    const link = mail ? new RegExp(`http\\S+${page}\\?\\S+`).exec(mail.text)?.[0] : undefined;
    if (link) return new URL(link).searchParams.get('token') ?? '';
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no ${page} link mailed to ${email}`);
}

/**
 * Proves a student's address in a test against a server process: the token of the verification link in
 * the outbox (sent or still waiting for the mail server), posted as the link's page does.
 */
export async function verifyThroughOutbox(query: Query, browser: HttpClient, email: string) {
  const token = await tokenFromOutbox(query, email, '/verify-email');
  const answer = await browser.post('/api/v1/verify-email', { token });
  if (answer.status !== 200) throw new Error(`verify-email answered ${answer.status}`);
}

/** Makes a grader as organisers do: an admin's invitation, accepted through its mailed link; signs them in. */
export async function invitedGrader(
  query: Query,
  admin: HttpClient,
  grader: HttpClient,
  account: { email: string; password: string; name: string },
) {
  const invited = await admin.post('/api/v1/admin/invitations', { email: account.email, role: 'grader' });
  if (invited.status !== 201) throw new Error(`the invitation answered ${invited.status}`);
  const token = await tokenFromOutbox(query, account.email, '/accept-invitation');
  const accepted = await grader.post('/api/v1/invitations/accept', {
    token,
    name: account.name,
    password: account.password,
  });
  if (accepted.status !== 200) throw new Error(`accepting the invitation answered ${accepted.status}`);
}
