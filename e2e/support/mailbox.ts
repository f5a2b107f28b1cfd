import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import PostalMime, { type Email } from 'postal-mime';
import { XHR } from './admin.ts';
import { E2E_DATA_DIR } from './env.ts';

/** The mail folders of the servers this worker runs (the shared server's, and each own server's). */
const mailDirs = new Set([path.join(E2E_DATA_DIR, 'mail')]);
export const watchMailOf = (dataDir: string) => mailDirs.add(path.join(dataDir, 'mail'));

/**
 * Waits for a server to write a mail to this address (DATA_DIR/mail/*.eml) and parses it: the newest,
 * of those whose text contains `containing` when given (an account gets several kinds of mail).
 */
export async function waitForMail(
  to: string,
  { containing, timeoutMs = 15_000 }: { containing?: string; timeoutMs?: number } = {},
): Promise<Email> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files: string[] = [];
    for (const dir of mailDirs) {
      const names = await readdir(dir).catch(() => [] as string[]);
      files.push(...names.filter((name) => name.endsWith('.eml')).map((name) => path.join(dir, name)));
    }
    // Newest first: the file names start with the time the mail was written.
    for (const file of files.sort((a, b) => path.basename(b).localeCompare(path.basename(a)))) {
      const mail = await PostalMime.parse(await readFile(file));
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
  const link = /http\S+\/verify-email\?\S+/.exec(mail.text ?? '')?.[0];
  if (!link) throw new Error(`no verification link in the mail to ${email}`);
  return link;
}

/** Proves a student's address with the mailed link's token, as its page does (for set-ups through the API). */
export async function verifyEmailThroughMail(api: APIRequestContext, email: string) {
  const token = new URL(await verificationLink(email)).searchParams.get('token');
  const answer = await api.post('/api/v1/verify-email', { data: { token }, headers: XHR });
  expect(answer.status(), await answer.text()).toBe(200);
}
