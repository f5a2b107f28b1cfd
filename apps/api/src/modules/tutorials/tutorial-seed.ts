import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { toBanglaDigits } from '@ngso/shared/language';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { auditLog } from '../../db/schema.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { newImageKey } from '../../lib/storage.ts';
import { allTutorials, insertTutorial } from './tutorials.repo.ts';
import { makeThumbnail } from './tutorials.service.ts';

/** The eight tutorials the site started with (their texts as they were), until organisers set their own. */
const TOPICS: readonly { en: string; bn: string }[] = [
  { en: 'Forces and motion', bn: 'বল ও গতি' },
  { en: 'Atoms and molecules', bn: 'পরমাণু ও অণু' },
  { en: 'Cells and living things', bn: 'কোষ ও জীবজগৎ' },
  { en: 'Light and optics', bn: 'আলো ও আলোকবিজ্ঞান' },
  { en: 'Electricity and circuits', bn: 'বিদ্যুৎ ও বর্তনী' },
  { en: 'Acids, bases and salts', bn: 'এসিড, ক্ষার ও লবণ' },
  { en: 'Earth and space', bn: 'পৃথিবী ও মহাকাশ' },
  { en: 'Solving olympiad problems', bn: 'অলিম্পিয়াডের সমস্যা সমাধান' },
];

/** Neutral placeholder artwork (apps/web/scripts/generate-artwork.mjs), one per tutorial. */
const artwork = (n: number) => path.join(import.meta.dirname, 'seed', `tutorial-${n}.svg`);

export const SEED_TUTORIALS = TOPICS.map((topic, i) => ({
  position: i + 1,
  titleEn: `Tutorial ${i + 1}: ${topic.en}`,
  titleBn: `টিউটোরিয়াল ${toBanglaDigits(String(i + 1))}: ${topic.bn}`,
  // Placeholder addresses (searches on the video service) until the organisers set their own videos.
  videoUrl: `https://www.youtube.com/results?search_query=${encodeURIComponent(`general science ${topic.en}`)}`,
}));

/**
 * Seeds the tutorials as data the first time the site starts: the eight above, with thumbnails made from
 * the placeholder artwork through the same path as an organiser's upload. Not again once organisers have
 * removed a tutorial (the audit log says so), nor when any tutorial exists.
 */
export async function seedTutorials(ctx: ServiceContext): Promise<boolean> {
  if ((await allTutorials(ctx.db)).length > 0) return false;
  const [removed] = await ctx.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'tutorial.delete'), eq(auditLog.targetType, 'tutorial')))
    .limit(1);
  if (removed) return false;
  const thumbnails: string[] = [];
  for (const [i] of SEED_TUTORIALS.entries()) {
    const png = await sharp(await readFile(artwork(i + 1)))
      .png()
      .toBuffer();
    const storageKey = newImageKey();
    await ctx.storage.put(storageKey, await makeThumbnail({ data: png, fileName: `tutorial-${i + 1}.png` }));
    thumbnails.push(storageKey);
  }
  await ctx.db.transaction(async (tx) => {
    for (const [i, tutorial] of SEED_TUTORIALS.entries()) {
      await insertTutorial(tx, {
        ...tutorial,
        thumbnailKey: thumbnails[i] ?? null,
        createdAt: ctx.clock.now(),
      });
    }
  });
  return true;
}
