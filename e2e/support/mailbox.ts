import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import PostalMime, { type Email } from 'postal-mime';
import { E2E_DATA_DIR } from './env.ts';

/** Waits for the server to write a mail to this address (DATA_DIR/mail/*.eml) and parses it. */
export async function waitForMail(to: string, timeoutMs = 15_000): Promise<Email> {
  const dir = path.join(E2E_DATA_DIR, 'mail');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = await readdir(dir).catch(() => [] as string[]);
    for (const file of files
      .filter((name) => name.endsWith('.eml'))
      .sort()
      .reverse()) {
      const mail = await PostalMime.parse(await readFile(path.join(dir, file)));
      if (mail.to?.some((address) => address.address === to)) return mail;
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
