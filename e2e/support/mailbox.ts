import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import PostalMime, { type Email } from 'postal-mime';
import { XHR } from './admin.ts';
import { E2E_BASE_URL, E2E_DATA_DIR } from './env.ts';

/**
 * Waits for the server to write a mail to this address (DATA_DIR/mail/*.eml) and parses it: the newest,
 * of those whose text contains `containing` when given (an account gets several kinds of mail).
 */
export async function waitForMail(
  to: string,
  { containing, timeoutMs = 15_000 }: { containing?: string; timeoutMs?: number } = {},
): Promise<Email> {
  const dir = path.join(E2E_DATA_DIR, 'mail');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = await readdir(dir).catch(() => [] as string[]);
    for (const file of files
      .filter((name) => name.endsWith('.eml'))
      .sort()
      .reverse()) {
      const mail = await PostalMime.parse(await readFile(path.join(dir, file)));
      const kind = containing === undefined || (mail.text ?? '').includes(containing);
      if (kind && mail.to?.some((address) => address.address === to)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}

/** The first link in a mail's text that starts with the given address. */
export function linkIn(mail: Email, startsWith: string): string {
  const match = new RegExp(`${startsWith.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\S+`).exec(mail.text ?? '');
  if (!match) throw new Error(`no link to ${startsWith} in the mail`);
  return match[0];
}

/** The link of the verification mail sent to `email` at registration. */
export async function verificationLink(email: string): Promise<string> {
  const mail = await waitForMail(email, { containing: '/verify-email?token=' });
  return linkIn(mail, `${E2E_BASE_URL}/verify-email?`);
}

/** Proves a student's address with the mailed link's token, as its page does (for set-ups through the API). */
export async function verifyEmailThroughMail(api: APIRequestContext, email: string) {
  const token = new URL(await verificationLink(email)).searchParams.get('token');
  const answer = await api.post('/api/v1/verify-email', { data: { token }, headers: XHR });
  expect(answer.status(), await answer.text()).toBe(200);
}
