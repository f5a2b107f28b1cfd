import type { Announcement } from '@ngso/shared/schemas/announcements';
import { describe, expect, it } from 'vitest';
import { unreadNotices } from './unread-notices.ts';

const notice = (id: string, sentAt: string, readAt: string | null): Announcement => ({
  id,
  title_en: `Title ${id}`,
  title_bn: `শিরোনাম ${id}`,
  body_en: `Body ${id}`,
  body_bn: `লেখা ${id}`,
  sent_at: sentAt,
  read_at: readAt,
});

describe('the notices a profile shows', () => {
  const list = [
    notice('a', '2026-04-01T10:00:00+06:00', null),
    notice('b', '2026-04-02T10:00:00+06:00', '2026-04-02T11:00:00+06:00'),
    notice('c', '2026-04-03T09:00:00+06:00', null),
  ];

  it('keeps the unread ones, newest first, in English', () => {
    expect(unreadNotices(list, 'en')).toEqual([
      { id: 'c', title: 'Title c', body: 'Body c', sentAt: '2026-04-03T09:00:00+06:00', lang: 'en' },
      { id: 'a', title: 'Title a', body: 'Body a', sentAt: '2026-04-01T10:00:00+06:00', lang: 'en' },
    ]);
  });

  it('shows the Bangla text to a Bangla reader, and English for any other language', () => {
    expect(unreadNotices(list, 'bn').map((n) => [n.title, n.body, n.lang])).toEqual([
      ['শিরোনাম c', 'লেখা c', 'bn'],
      ['শিরোনাম a', 'লেখা a', 'bn'],
    ]);
    expect(unreadNotices(list, 'fr')[0]?.title).toBe('Title c');
  });

  it('shows nothing when every notice is read', () => {
    expect(unreadNotices([list[1] as Announcement], 'en')).toEqual([]);
  });
});
