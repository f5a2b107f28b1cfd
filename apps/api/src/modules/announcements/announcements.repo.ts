import type { AnnouncementSegment } from '@ngso/shared/schemas/announcements';
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { announcementRecipients, announcements, outboxMails } from '../../db/schema.ts';

export type AnnouncementRow = typeof announcements.$inferSelect;

/** The condition of a segment on a student `u` and their registration `r` in the competition (or none). */
function segmentCondition(segment: AnnouncementSegment): SQL {
  switch (segment.kind) {
    case 'everyone':
      return sql`true`;
    case 'category':
      return sql`r.category = ${segment.category}`;
    case 'status':
      return sql`r.status = ${segment.status}`;
    case 'division':
      // The division of the registration when there is one (the place the student registered from), else the profile's.
      return sql`coalesce(r.division, u.division) = ${segment.division}`;
    case 'pickup':
      return sql`r.status = 'approved' and r.pickup_spot = ${segment.pickup_spot}`;
  }
}

/** The students of a segment (ids, names, addresses, languages), as a subquery. */
const segmentStudents = (competitionId: string, segment: AnnouncementSegment) => sql`
  select u.id as user_id
  from users u
  left join registrations r on r.user_id = u.id and r.competition_id = ${competitionId}
  where u.role = 'student' and ${segmentCondition(segment)}`;

export async function countSegment(db: Executor, competitionId: string, segment: AnnouncementSegment) {
  const result = (await db.execute(
    sql`select count(*)::int as n from (${segmentStudents(competitionId, segment)}) s`,
  )) as unknown as { rows: Array<{ n: number }> };
  return Number(result.rows[0]?.n ?? 0);
}

export async function insertAnnouncement(db: Executor, values: typeof announcements.$inferInsert) {
  const [row] = await db.insert(announcements).values(values).returning();
  if (!row) throw new Error('announcement not inserted');
  return row;
}

type MailParts = { subject: string; beforeName: string; afterName: string };

/**
 * Writes a notice's recipients and their mails, each set in one INSERT … SELECT (no row-by-row loop: a
 * notice to 20,000 students is two statements). Each recipient's mail id is taken from the outbox's
 * sequence as the recipient is written, and the mail is then written with that id, in the recipient's
 * language. The mails' not-before times are spread at the rate (the n-th mail at n × 60 s / rate), so
 * the schedule is in the rows and survives restarts; the worker also counts what it sent in the last
 * minute (outbox.repo.ts). Returns the number of recipients.
 */
export async function materialiseRecipients(
  db: Executor,
  announcement: AnnouncementRow,
  mail: { en: MailParts; bn: MailParts },
  now: Date,
) {
  const segment = announcement.segment as AnnouncementSegment;
  await db.execute(sql`
    insert into announcement_recipients (announcement_id, user_id, mail_id)
    select ${announcement.id}, s.user_id, nextval(pg_get_serial_sequence('outbox_mails', 'id'))
    from (${segmentStudents(announcement.competitionId, segment)} order by u.id) s`);
  const intervalMs = 60_000 / announcement.ratePerMinute;
  await db.execute(sql`
    insert into outbox_mails
      (id, "to", subject, text, status, attempts, next_attempt_at, throttle_key, throttle_per_minute, created_at)
    select
      r.mail_id,
      u.email,
      case when u.language = 'bn' then ${mail.bn.subject} else ${mail.en.subject} end,
      case when u.language = 'bn'
        then ${mail.bn.beforeName} || u.name || ${mail.bn.afterName}
        else ${mail.en.beforeName} || u.name || ${mail.en.afterName} end,
      'pending',
      0,
      ${now.toISOString()}::timestamptz
        + (row_number() over (order by r.mail_id) - 1) * ${intervalMs}::double precision * interval '1 millisecond',
      ${announcement.id},
      ${announcement.ratePerMinute}::integer,
      ${now.toISOString()}::timestamptz
    from announcement_recipients r
    join users u on u.id = r.user_id
    where r.announcement_id = ${announcement.id}`);
  const [counted] = await db
    .select({ n: count() })
    .from(announcementRecipients)
    .where(eq(announcementRecipients.announcementId, announcement.id));
  const recipients = counted?.n ?? 0;
  await db
    .update(announcements)
    .set({ recipientCount: recipients })
    .where(eq(announcements.id, announcement.id));
  return recipients;
}

const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/** Every notice of a competition, newest first, with its delivery counted from the outbox rows. */
export async function announcementsWithDelivery(db: Executor, competitionId: string) {
  return db
    .select({
      announcement: announcements,
      recipients: count(announcementRecipients.userId),
      delivered: countWhere(sql`${outboxMails.status} = 'sent'`),
      failed: countWhere(sql`${outboxMails.status} = 'failed'`),
      pending: countWhere(sql`${outboxMails.status} = 'pending'`),
      read: count(announcementRecipients.readAt),
    })
    .from(announcements)
    .leftJoin(announcementRecipients, eq(announcementRecipients.announcementId, announcements.id))
    .leftJoin(outboxMails, eq(outboxMails.id, announcementRecipients.mailId))
    .where(eq(announcements.competitionId, competitionId))
    .groupBy(announcements.id)
    .orderBy(desc(announcements.sentAt), desc(announcements.id));
}

/** A student's own notices: unread first, then newest first. */
export async function announcementsOf(db: Executor, userId: string) {
  return db
    .select({ announcement: announcements, readAt: announcementRecipients.readAt })
    .from(announcementRecipients)
    .innerJoin(announcements, eq(announcements.id, announcementRecipients.announcementId))
    .where(eq(announcementRecipients.userId, userId))
    .orderBy(sql`${announcementRecipients.readAt} is null desc`, desc(announcements.sentAt));
}

/** Marks a student's own notice read (the first time counts); undefined when it is not theirs. */
export async function markRead(db: Executor, announcementId: string, userId: string, now: Date) {
  const [updated] = await db
    .update(announcementRecipients)
    .set({ readAt: now })
    .where(
      and(
        eq(announcementRecipients.announcementId, announcementId),
        eq(announcementRecipients.userId, userId),
        isNull(announcementRecipients.readAt),
      ),
    )
    .returning();
  if (updated) return updated;
  const [existing] = await db
    .select()
    .from(announcementRecipients)
    .where(
      and(
        eq(announcementRecipients.announcementId, announcementId),
        eq(announcementRecipients.userId, userId),
      ),
    );
  return existing;
}
