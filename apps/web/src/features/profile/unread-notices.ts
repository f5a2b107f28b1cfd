import { type Language, toLanguage } from '@ngso/shared/language';
import type { Announcement } from '@ngso/shared/schemas/announcements';

export type NoticeToShow = { id: string; title: string; body: string; sentAt: string; lang: Language };

/**
 * The notices the profile shows: the unread ones, newest first, each in the reader's language (Bangla or
 * English, as organisers wrote both).
 */
export function unreadNotices(list: readonly Announcement[], language: string): NoticeToShow[] {
  const lang = toLanguage(language);
  return list
    .filter((notice) => notice.read_at === null)
    .sort((a, b) => Date.parse(b.sent_at) - Date.parse(a.sent_at))
    .map((notice) => ({
      id: notice.id,
      title: lang === 'bn' ? notice.title_bn : notice.title_en,
      body: lang === 'bn' ? notice.body_bn : notice.body_en,
      sentAt: notice.sent_at,
      lang,
    }));
}
