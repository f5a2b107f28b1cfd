import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { auditLog } from '../../db/schema.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { newImageKey } from '../../lib/storage.ts';
import { findCompetitionByCode } from '../competitions/public.ts';
import { ebooksOfCompetition, insertEbook, insertEbookPages } from './ebooks.repo.ts';

const PAGES = 100;
const WIDTH = 900;
const HEIGHT = 1272;

/** A neutral placeholder page: a heading band, the page number and grey lines standing for text. */
function pageSvg(page: number) {
  const lines = Array.from({ length: 26 }, (_, i) => {
    const width = 640 - ((page * 37 + i * 53) % 180);
    return `<rect x="130" y="${300 + i * 34}" width="${width}" height="12" rx="6" fill="#cbd5e1"/>`;
  }).join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
      <rect width="100%" height="100%" fill="#ffffff"/>
      <rect x="0" y="0" width="${WIDTH}" height="150" fill="#1e3a8a"/>
      <circle cx="110" cy="75" r="38" fill="#fbbf24"/>
      <rect x="180" y="58" width="420" height="34" rx="8" fill="#93c5fd"/>
      <text x="${WIDTH / 2}" y="240" font-family="sans-serif" font-size="44" text-anchor="middle" fill="#1e293b">Page ${page}</text>
      ${lines}
      <text x="${WIDTH / 2}" y="${HEIGHT - 50}" font-family="sans-serif" font-size="24" text-anchor="middle" fill="#64748b">${page} / ${PAGES}</text>
    </svg>`,
  );
}

/**
 * The spec's one e-book for ngso-1: the science-preparation e-book of about 100 pages. Placeholder pages
 * are generated the first time (a few seconds); organisers replace them in the console. Not again once
 * organisers have removed an e-book of the competition (the audit log says so).
 */
export async function seedPreparationEbook(ctx: ServiceContext, competitionCode = 'ngso-1') {
  const competition = await findCompetitionByCode(ctx.db, competitionCode);
  if (!competition || (await ebooksOfCompetition(ctx.db, competition.id)).length > 0) return false;
  // Organisers who removed e-books of this competition do not get the placeholder back at the next start.
  const [removed] = await ctx.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'ebook.delete'),
        sql`${auditLog.before}->>'competition_id' = ${competition.id}`,
      ),
    )
    .limit(1);
  if (removed) return false;
  const pages: Array<{ page: number; storageKey: string; sizeBytes: number; sha256: string }> = [];
  for (let page = 1; page <= PAGES; page++) {
    const data = await sharp(pageSvg(page)).jpeg({ quality: 70 }).toBuffer();
    const storageKey = newImageKey();
    await ctx.storage.put(storageKey, data);
    pages.push({
      page,
      storageKey,
      sizeBytes: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
    });
  }
  await ctx.db.transaction(async (tx) => {
    const ebook = await insertEbook(tx, {
      competitionId: competition.id,
      title: 'Science Preparation E-book',
      description: 'An ebook to ace your preparation!',
      position: 1,
    });
    await insertEbookPages(
      tx,
      pages.map((page) => ({ ...page, ebookId: ebook.id })),
    );
  });
  return true;
}
