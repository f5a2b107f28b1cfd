import { i18next } from './i18n.ts';

/**
 * A message from a zod schema (a key of the shared catalogue, e.g. 'password.min') or from the
 * server (already a sentence) as the text to show.
 */
export function translateMessage(message: string | undefined): string | undefined {
  if (!message) return undefined;
  return catalogueMessage(message) ?? message;
}

/** A key of the shared catalogue as its text, or nothing while the catalogue's texts are not loaded. */
export function catalogueMessage(key: string): string | undefined {
  const fullKey = `messages:${key}`;
  return i18next.exists(fullKey) ? i18next.t(fullKey as 'messages:required') : undefined;
}

/** A failed check's issues (zod's) as the first message of each field, to show beside it. */
export function fieldMessages(issues: readonly { path: readonly PropertyKey[]; message: string }[] = []) {
  const messages: Record<string, string> = {};
  for (const issue of issues) {
    messages[String(issue.path[0])] ??= translateMessage(issue.message) ?? issue.message;
  }
  return messages;
}
