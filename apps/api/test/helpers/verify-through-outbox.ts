import type { HttpClient } from './server-process.ts';

type Query = <Row extends Record<string, unknown>>(text: string, values?: unknown[]) => Promise<Row[]>;

/**
 * Proves a student's address in a test against a server process: the token of the verification link in
 * the outbox (sent or still waiting for the mail server), posted as the link's page does.
 */
export async function verifyThroughOutbox(query: Query, browser: HttpClient, email: string) {
  for (let tries = 0; tries < 100; tries++) {
    const [mail] = await query<{ text: string }>(
      `select text from outbox_mails where "to" = $1 and text like '%/verify-email?token=%' order by id desc limit 1`,
      [email],
    );
    const link = mail ? /http\S+\/verify-email\?\S+/.exec(mail.text)?.[0] : undefined;
    if (link) {
      const token = new URL(link).searchParams.get('token');
      const answer = await browser.post('/api/v1/verify-email', { token });
      if (answer.status !== 200) throw new Error(`verify-email answered ${answer.status}`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no verification link mailed to ${email}`);
}
