import type {
  AdminAnnouncement,
  Announcement,
  AnnouncementInputSchema,
  AnnouncementSegment,
} from '@ngso/shared/schemas/announcements';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { toDhakaIso } from '../../lib/time.ts';
import { announcementMailParts } from '../../mail/templates.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { UserRow } from '../auth/user.ts';
import { competitionByCodeOr404 } from '../competitions/competitions.service.ts';
import {
  type AnnouncementRow,
  announcementsOf,
  announcementsWithDelivery,
  countSegment,
  insertAnnouncement,
  markRead,
  materialiseRecipients,
} from './announcements.repo.ts';

type AnnouncementInput = z.output<typeof AnnouncementInputSchema>;

const announcementNotFound = () => new AppError(404, 'announcement.notFound');

/** How many students a segment reaches now (the console's preview before sending). */
export async function previewSegment(
  ctx: ServiceContext,
  competitionCode: string,
  segment: AnnouncementSegment,
) {
  const competition = await competitionByCodeOr404(ctx.db, competitionCode);
  return countSegment(ctx.db, competition.id, segment);
}

const toAdmin = (
  row: AnnouncementRow,
  delivery: { recipients: number; delivered: number; failed: number; pending: number; read: number },
): AdminAnnouncement => ({
  id: row.id,
  title_en: row.titleEn,
  title_bn: row.titleBn,
  body_en: row.bodyEn,
  body_bn: row.bodyBn,
  segment: row.segment as AnnouncementSegment,
  rate_per_minute: row.ratePerMinute,
  sent_at: toDhakaIso(row.sentAt),
  sent_by: row.sentBy,
  ...delivery,
});

/**
 * Sends a notice: the notice, one row per recipient and one outbox mail each (in the recipient's
 * language, spread at the rate), and the audit entry, all in one transaction: all or nothing. A segment
 * without a student is refused (422), nothing written.
 */
export async function sendAnnouncement(
  ctx: ServiceContext,
  admin: UserRow,
  competitionCode: string,
  input: AnnouncementInput,
): Promise<AdminAnnouncement> {
  const competition = await competitionByCodeOr404(ctx.db, competitionCode);
  const profileUrl = `${ctx.config.BASE_URL}/profile`;
  const mail = {
    en: announcementMailParts('en', { title: input.title_en, body: input.body_en, profileUrl }),
    bn: announcementMailParts('bn', { title: input.title_bn, body: input.body_bn, profileUrl }),
  };
  return ctx.withMail(async (tx, _queueMail, mailsWritten) => {
    const now = ctx.clock.now();
    const row = await insertAnnouncement(tx, {
      competitionId: competition.id,
      titleEn: input.title_en,
      titleBn: input.title_bn,
      bodyEn: input.body_en,
      bodyBn: input.body_bn,
      segment: input.segment,
      ratePerMinute: input.rate_per_minute,
      recipientCount: 0,
      sentBy: admin.id,
      sentAt: now,
    });
    const recipients = await materialiseRecipients(tx, row, mail, now);
    if (recipients === 0) throw new AppError(422, 'announcement.noRecipients');
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'announcement.send',
      targetType: 'announcement',
      targetId: row.id,
      after: {
        competition: competition.code,
        title_en: input.title_en,
        title_bn: input.title_bn,
        segment: input.segment,
        rate_per_minute: input.rate_per_minute,
        recipients,
      },
      at: now,
    });
    // The mails are written by one statement; the worker is woken once the transaction commits.
    mailsWritten();
    return toAdmin(
      { ...row, recipientCount: recipients },
      { recipients, delivered: 0, failed: 0, pending: recipients, read: 0 },
    );
  });
}

export async function listAnnouncements(ctx: ServiceContext, competitionCode: string) {
  const competition = await competitionByCodeOr404(ctx.db, competitionCode);
  const rows = await announcementsWithDelivery(ctx.db, competition.id);
  return rows.map(({ announcement, ...delivery }) => toAdmin(announcement, delivery));
}

/** The signed-in student's notices, unread first. */
export async function ownAnnouncements(ctx: ServiceContext, user: UserRow): Promise<Announcement[]> {
  const rows = await announcementsOf(ctx.db, user.id);
  return rows.map(({ announcement, readAt }) => ({
    id: announcement.id,
    title_en: announcement.titleEn,
    title_bn: announcement.titleBn,
    body_en: announcement.bodyEn,
    body_bn: announcement.bodyBn,
    sent_at: toDhakaIso(announcement.sentAt),
    read_at: readAt ? toDhakaIso(readAt) : null,
  }));
}

/** Marks one of the student's own notices read; another's, or an unknown one, is 404 (never told apart). */
export async function readAnnouncement(ctx: ServiceContext, user: UserRow, id: string) {
  const row = isUuid(id) ? await markRead(ctx.db, id, user.id, ctx.clock.now()) : undefined;
  if (!row) throw announcementNotFound();
  return row.readAt ? toDhakaIso(row.readAt) : null;
}
