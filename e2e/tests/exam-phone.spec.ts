import type { Locator, Page } from '@playwright/test';
import { adminApi } from '../support/admin.ts';
import { approvedStudent, setExamWindow } from '../support/exam-setup.ts';
import { expect, test } from '../support/fixtures.ts';
import { hydrated } from '../support/hydrated.ts';

/** The font the page names for Bangla text wherever it is shown (apps/web/src/i18n/bangla-font.css). */
const BANGLA_FONT = 'NGSO Bengali';
const PHONE = { width: 360, height: 740 };

/** Switches the language in the 360 px page's menu, without a reload. */
async function switchTo(page: Page, label: 'বাংলা' | 'English') {
  await page.getByRole('button', { name: /^(Open menu|মেনু খুলুন)$/ }).click();
  await page.getByTestId('mobile-menu').getByRole('button', { name: label }).click();
}

/** Every question button lies inside the 360 px viewport, and the page does not scroll sideways. */
async function expectQuestionButtonsInView(page: Page, labels: string[]) {
  const buttons = page.getByRole('navigation', { name: /^(Questions|প্রশ্নসমূহ|প্রশ্ন)$/ }).getByRole('button');
  await expect(buttons).toHaveText(labels, { useInnerText: true });
  for (const button of await buttons.all()) {
    const box = await button.boundingBox();
    expect(box, 'a question button is laid out').not.toBeNull();
    if (!box) continue;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    // Tap targets: 44 px.
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThanOrEqual(44);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** The Bangla face is loaded (document.fonts), so text in it can be drawn. */
async function expectBanglaFontLoaded(page: Page) {
  await expect
    .poll(() => page.evaluate((family) => document.fonts.check(`16px "${family}"`, 'অ'), BANGLA_FONT))
    .toBe(true);
}

/**
 * No missing glyphs, once the font has arrived (a weight the page had not used yet is fetched when first
 * drawn, so the text is redrawn a moment later: `swap`): every Bengali character of `root`'s text is in the web font's unicode-range, and the
 * browser really drew it with that font. Chromium's own account of which fonts drew each element's text
 * (CSS.getPlatformFontsForNode) must give every glyph beyond the element's non-Bengali characters (Latin,
 * spaces, punctuation, which the system fonts draw) to the web font.
 */
async function expectDrawnInBanglaFont(page: Page, root: Locator) {
  await expect(() => drawnInBanglaFont(page, root)).toPass({ timeout: 10_000 });
}

async function drawnInBanglaFont(page: Page, root: Locator) {
  const ranges = await page.evaluate((family) => {
    const out: [number, number][] = [];
    for (const sheet of Array.from(document.styleSheets)) {
      for (const rule of Array.from(sheet.cssRules)) {
        if (!(rule instanceof CSSFontFaceRule)) continue;
        if (rule.style.getPropertyValue('font-family').replaceAll('"', '') !== family) continue;
        for (const part of rule.style.getPropertyValue('unicode-range').split(',')) {
          const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
          out.push([Number.parseInt(from ?? '', 16), Number.parseInt(to ?? from ?? '', 16)]);
        }
      }
    }
    return out;
  }, BANGLA_FONT);
  expect(ranges.length).toBeGreaterThan(0);

  // Each element with text of its own, marked so that the protocol can find it.
  const texts = await root.evaluate((element) => {
    const own: string[] = [];
    for (const node of [element, ...Array.from(element.querySelectorAll('*'))]) {
      const text = Array.from(node.childNodes)
        .filter((child) => child.nodeType === Node.TEXT_NODE)
        .map((child) => child.textContent ?? '')
        .join('');
      if (!text.trim()) continue;
      node.setAttribute('data-glyph-probe', String(own.length));
      own.push(text);
    }
    return own;
  });
  const bengali = /[\p{Script=Bengali}]/u;
  const characters = texts.join('');
  expect(characters, 'the text has Bangla in it').toMatch(bengali);
  const covered = (c: string) => {
    const code = c.codePointAt(0) ?? -1;
    return ranges.some(([from, to]) => code >= from && code <= to);
  };
  const uncovered = [...characters].filter((c) => bengali.test(c) && !covered(c));
  expect(uncovered, 'Bangla characters outside the font').toEqual([]);

  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root: tree } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', {
      nodeId: tree.nodeId,
      selector: '[data-glyph-probe]',
    });
    expect(nodeIds).toHaveLength(texts.length);
    for (const [index, nodeId] of nodeIds.entries()) {
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      const text = [...(texts[index] ?? '')];
      const others = fonts
        .filter((font) => !font.isCustomFont)
        .reduce((sum, font) => sum + font.glyphCount, 0);
      const nonBengali = text.filter((c) => !bengali.test(c)).length;
      if (text.some((c) => bengali.test(c))) {
        expect(
          fonts.some((font) => font.isCustomFont && /Bengali/.test(font.familyName) && font.glyphCount > 0),
          `"${texts[index]}" drawn in the Bangla web font (${JSON.stringify(fonts)})`,
        ).toBe(true);
      }
      expect(
        others,
        `"${texts[index]}": only its non-Bangla characters from other fonts`,
      ).toBeLessThanOrEqual(nonBengali);
    }
  } finally {
    await root.evaluate((element) => {
      for (const node of [element, ...Array.from(element.querySelectorAll('[data-glyph-probe]'))]) {
        node.removeAttribute('data-glyph-probe');
      }
    });
    await cdp.detach();
  }
}

/** The Bangla font arrives late (a slow link): `optional` would then never use it on this page. */
async function slowBanglaFont(page: Page) {
  await page.route(/bengali.*\.woff2$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
}

test.describe('the exam page on a 360 px phone', () => {
  test.use({ viewport: PHONE });
  test.setTimeout(180_000);

  test('every question button in view, the Bangla font on the question and, switched without a reload, on the page and the clock', async ({
    page,
  }) => {
    const admin = await adminApi();
    await approvedStudent(page, admin, 'junior');
    await setExamWindow(admin, 'junior', Date.now() - 60_000, Date.now() + 20 * 60_000);
    await slowBanglaFont(page);

    await page.goto('/final-exam');
    await expect(page.getByRole('heading', { name: 'Question 1 of 6' })).toBeVisible();
    await expectQuestionButtonsInView(page, ['1', '2', '3', '4', '5', '6']);
    // An English page: the question's Bangla half is still drawn in the Bangla font.
    await expectBanglaFontLoaded(page);
    await expectDrawnInBanglaFont(page, page.locator('.question-html[lang="bn"]'));

    await switchTo(page, 'বাংলা');
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await expect(page.getByRole('heading', { name: 'প্রশ্ন ১ / ৬' })).toBeVisible();
    await expectQuestionButtonsInView(page, ['১', '২', '৩', '৪', '৫', '৬']);
    await expectDrawnInBanglaFont(page, page.getByRole('heading', { name: 'প্রশ্ন ১ / ৬' }));
    await expectDrawnInBanglaFont(page, page.locator('.question-html[lang="bn"]'));
    // The clock: Bangla digits, drawn by the Bangla font (its colon by the system's monospace).
    const clock = page.getByTestId('exam-clock');
    await expect(clock).toHaveText(/^[০-৯]{2}:[০-৯]{2}$/);
    await expect(clock).toHaveAttribute('aria-live', 'off');
    await expectDrawnInBanglaFont(page, clock);
  });

  test('a public page switched to Bangla takes the Bangla font at once, even when it arrives late', async ({
    page,
  }) => {
    await slowBanglaFont(page);
    await page.goto('/about');
    await hydrated(page);
    await switchTo(page, 'বাংলা');
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    const heading = page.getByRole('heading', { name: 'আমাদের কথা', level: 1 });
    await expect(heading).toBeVisible();
    await expectBanglaFontLoaded(page);
    await expectDrawnInBanglaFont(page, heading);
  });

  test('the practice exam, the same page: its questions in view and its time read out on opening', async ({
    page,
  }) => {
    const admin = await adminApi();
    await approvedStudent(page, admin, 'junior');
    await page.goto('/practice-exam');
    await expect(page.getByRole('heading', { name: 'Question 1 of 2' })).toBeVisible();
    await expectQuestionButtonsInView(page, ['1', '2']);
    const announcer = page.locator('[role="status"][aria-live="polite"][aria-atomic="true"]');
    // Its 10 minutes: the 10-minute threshold, said at once (or, a second in, as less than 10).
    await expect(announcer).toMatchAriaSnapshot('- status: /^(Less than )?10 minutes left$/');
    await switchTo(page, 'বাংলা');
    await expectQuestionButtonsInView(page, ['১', '২']);
    await expect(announcer).toMatchAriaSnapshot('- status: /১০ মিনিট/');
  });

  test("the time left read to a screen reader, politely, in the page's language, and the end", async ({
    page,
  }) => {
    const admin = await adminApi();
    await approvedStudent(page, admin, 'junior');
    await setExamWindow(admin, 'junior', Date.now() - 5 * 60_000, Date.now() + 75_000);

    await page.goto('/final-exam');
    await expect(page.getByRole('heading', { name: 'Question 1 of 6' })).toBeVisible();
    // Opened with less than 5 minutes left: that one, once, not 30 and 10 too.
    const announcer = page.locator('[role="status"][aria-live="polite"][aria-atomic="true"]');
    await expect(announcer).toHaveCount(1);
    await expect(announcer).toMatchAriaSnapshot('- status: Less than 5 minutes left');
    await expect(page.getByTestId('exam-clock')).toHaveAttribute('aria-live', 'off');

    await switchTo(page, 'বাংলা');
    await expect(announcer).toMatchAriaSnapshot('- status: ৫ মিনিটেরও কম সময় বাকি');
    await expect(announcer).toMatchAriaSnapshot('- status: আর ১ মিনিট বাকি', { timeout: 30_000 });
    // Not each second: 10 s later it still says the same.
    await page.waitForTimeout(10_000);
    await expect(announcer).toMatchAriaSnapshot('- status: আর ১ মিনিট বাকি');
    // The end, said once: the page's visible notice of it is not a second live region.
    await expect(page.getByRole('status').filter({ hasText: 'সময় শেষ' })).toHaveCount(1, {
      timeout: 70_000,
    });
  });
});
