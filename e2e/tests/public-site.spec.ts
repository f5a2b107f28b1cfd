import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, registeredStudent, test } from '../support/fixtures.ts';
import { hydrated } from '../support/hydrated.ts';

const PUBLIC_PAGES = [
  '/',
  '/about',
  '/events',
  '/team',
  '/coming-soon',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
];

const navStyle = (page: Page) => page.getByTestId('navbar').getAttribute('data-nav-style');

test.describe('pre-rendered public pages', () => {
  test('each public page arrives as HTML with its content, title and description', async ({ request }) => {
    const expected: Record<string, string[]> = {
      '/': [
        'NATIONAL GENERAL SCIENCE OLYMPIAD',
        'Preliminary Round',
        'First General Science Festival',
        'id="faq"',
      ],
      '/about': ['Our Journey', 'Core Objectives', 'Our Values'],
      '/events': ['National General Science Festival', 'Jan 10, 2024'],
      '/team': ['Under Construction'],
      '/coming-soon': ['75% complete', 'Q2 2025'],
      '/login': ['Welcome back'],
      '/register': ['Create your account'],
      '/forgot-password': ['Send Reset Link'],
      // The form, whatever the link: the page reads the link once started.
      '/reset-password': ['Set a new password', 'Reset Password'],
    };
    for (const path of PUBLIC_PAGES) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['cache-control']).toBe('no-cache');
      const html = await response.text();
      for (const text of expected[path] ?? []) expect(html, `${path} has ${text}`).toContain(text);
      expect(html).toMatch(/<title>[^<]+<\/title>/);
      expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
      expect(html).toContain('<meta property="og:title"');
    }
    // Any other address gets the empty app shell.
    const shell = await (await request.get('/profile')).text();
    expect(shell).toContain('<div id="root"></div>');
  });

  test('robots.txt and sitemap.xml list the public pages', async ({ request }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Sitemap:');
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const path of ['/about', '/events', '/team', '/coming-soon'])
      expect(sitemap).toContain(`${path}</loc>`);
  });

  test('a pre-rendered page hydrates without errors and then navigates as an app', async ({ page }) => {
    await page.goto('/about');
    await hydrated(page);
    await expect(page).toHaveTitle('About Us | NGSO');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Events' })
      .click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(page).toHaveTitle('Events | NGSO');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /National General Science Festival/,
    );
  });

  test("the mailed reset link's page arrives with its form, then shows the link's e-mail; a link without its token says so", async ({
    page,
  }) => {
    await page.goto('/reset-password?token=some-token&email=ayesha%40example.com');
    await hydrated(page);
    await expect(page.getByText('Choose a new password for ayesha@example.com.')).toBeVisible();
    await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
    await expect(page).toHaveTitle('Set a new password | NGSO');

    await page.goto('/reset-password?email=ayesha%40example.com');
    await hydrated(page);
    await expect(page.getByText('This password reset link is not complete.', { exact: false })).toBeVisible();
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  });
});

test.describe('home page', () => {
  test('shows every section in order with its texts', async ({ page }) => {
    await page.goto('/');
    const headings = await page.getByRole('main').locator('h1, h2').allTextContents();
    expect(headings).toEqual([
      'NATIONAL GENERAL SCIENCE OLYMPIAD',
      'Competition Categories',
      'First General Science Festival',
      'Our Partners',
      'Frequently Asked Questions',
      'Stay Tuned',
      'Our Activities',
      'Tutorials',
    ]);
    const main = page.getByRole('main');
    await expect(main.getByText('Finding the Hidden Scientists')).toBeVisible();
    const registerNow = main.getByRole('link', { name: 'Register Now' });
    await expect(registerNow).toHaveCount(2);
    for (const link of await registerNow.all()) await expect(link).toHaveAttribute('href', '/register');
    await expect(main.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');

    const cards = page.getByTestId('category-card');
    await expect(cards).toHaveCount(3);
    const categories = [
      ['Junior (Grades 6-8)', '34.1%'],
      ['Senior (Grades 9-10)', '39.5%'],
      ['Secondary (Grades 11-12)', '26.4%'],
    ];
    for (const [i, [title, percent]] of categories.entries()) {
      await expect(cards.nth(i)).toContainText('Preliminary Round');
      await expect(cards.nth(i)).toContainText(title as string);
      await expect(cards.nth(i)).toContainText(percent as string);
    }
    await expect(main).toContainText(
      'The most comprehensive General Science Olympiad in the country, testing aptitude across disciplines and grade levels.',
    );
    await expect(page.getByTestId('stay-tuned')).toContainText(
      'Our newsletter is coming soon. Stay tuned for updates!',
    );
    await expect(page.getByTestId('stay-tuned').locator('form, input')).toHaveCount(0);
    await expect(page.getByTestId('partners-grid').getByRole('link')).toHaveCount(10);
    await expect(page.locator('#faq')).toBeVisible();
  });

  test('the counters end at 15,000+, 12,000+ and 1,500+ with their labels', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const cards = page.getByTestId('statistic-card');
    await cards.first().scrollIntoViewIfNeeded();
    const expected = [
      ['15,000+', 'Total Registrations', 'From across the country'],
      ['12,000+', 'Active Participants', 'In preliminary rounds'],
      ['1,500+', 'National Finalists', 'Competing for top positions'],
    ];
    for (const [i, [value, label, subtitle]] of expected.entries()) {
      await expect(cards.nth(i).getByTestId('counter-value')).toHaveText(value as string, { timeout: 5000 });
      await expect(cards.nth(i)).toContainText(label as string);
      await expect(cards.nth(i)).toContainText(subtitle as string);
    }
  });

  test('the FAQ accordion opens one answer at a time and closes the open one on click', async ({ page }) => {
    await page.goto('/#faq');
    await hydrated(page);
    const faq = page.locator('#faq');
    const questions = faq.getByRole('button');
    const open = faq.getByTestId('faq-answer').filter({ visible: true });
    await expect(open).toHaveCount(0);
    const first = questions.nth(0);
    const second = questions.nth(1);
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(open).toHaveCount(1);
    await second.click();
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(open).toHaveCount(1);
    await second.click();
    await expect(open).toHaveCount(0);
  });

  test("FAQ answer lines starting '- ' are bullets, the others paragraphs", async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('button', { name: 'What does every participant get?' }).click();
    const answer = page.getByRole('region', { name: 'What does every participant get?' });
    await expect(answer.locator('ul > li')).toHaveText([
      'A hard-copy certificate',
      'A T-shirt',
      'Gift vouchers',
      'Snacks and drinks',
      'Free transport from designated spots',
    ]);
    await expect(answer.locator(':scope > p')).toHaveText(['Every Final Round participant receives:']);
  });

  test('partners open in a new tab, safely', async ({ page, context }) => {
    await context.route('https://example.org/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Partner</title>' }),
    );
    await page.goto('/');
    await hydrated(page);
    const links = page.getByTestId('partners-grid').getByRole('link');
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(link.locator('img')).toHaveAttribute('width', /\d+/);
    }
    const [popup] = await Promise.all([page.waitForEvent('popup'), links.first().click()]);
    await expect(popup).toHaveURL(/example\.org\/partners\/partner-01/);
  });

  test('the activities carousel advances every 3 s and loops back to the first slide', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await hydrated(page);
    const carousel = page.getByTestId('activities-carousel');
    await expect(carousel.getByRole('group')).toHaveCount(70);
    await carousel.scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    await expect(carousel).toHaveAttribute('data-index', '0');
    await expect(carousel).toHaveAttribute('data-index', '1', { timeout: 5000 });

    // Keyboard: End goes to the last position (70 slides, 3 in view: position 68), focus pauses it.
    await carousel.getByRole('button', { name: 'Next slide' }).focus();
    await page.keyboard.press('End');
    await expect(carousel).toHaveAttribute('data-index', '67');
    await expect(carousel).toHaveAttribute('data-playing', 'false');
    await page.getByRole('heading', { name: 'Our Activities' }).click();
    await page.mouse.move(0, 0);
    await expect(carousel).toHaveAttribute('data-index', '0', { timeout: 5000 });

    // The controls are labelled; Pause stops it.
    await carousel.getByRole('button', { name: 'Pause automatic sliding' }).click();
    await expect(carousel.getByRole('button', { name: 'Start automatic sliding' })).toBeVisible();
  });

  test('the last sections are in the page at once, their code comes when the reader nears them, then they work', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const laterCode: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/later-sections-[^/]+\.js$/.test(request.url())) laterCode.push(request.url());
    });
    await page.goto('/');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    // Pre-rendered: the carousel and its 70 pictures are there, without their code.
    const carousel = page.getByTestId('activities-carousel');
    await expect(carousel.getByRole('group')).toHaveCount(70);
    expect(laterCode).toEqual([]);

    // The section just above them: they are within a screen of the viewport now.
    await page.getByTestId('stay-tuned').scrollIntoViewIfNeeded();
    await expect.poll(() => laterCode.length).toBe(1);
    await carousel.scrollIntoViewIfNeeded();
    await carousel.getByRole('button', { name: 'Pause automatic sliding' }).click();
    await expect(carousel).toHaveAttribute('data-playing', 'false');
    const shown = Number(await carousel.getAttribute('data-index'));
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await expect(carousel).toHaveAttribute('data-index', String(shown + 1));
    // The section was taken over, not drawn again: still one carousel of 70.
    await expect(carousel.getByRole('group')).toHaveCount(70);
  });

  test('the carousels show 1, 2 and 3 slides by width', async ({ page }) => {
    for (const [width, perView] of [
      [360, 1],
      [700, 2],
      [1280, 3],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      const carousel = page.getByTestId('tutorials-carousel');
      const ratio = await carousel.locator('[tabindex="0"]').evaluate((scroller) => {
        const slide = scroller.firstElementChild as HTMLElement;
        return scroller.clientWidth / slide.getBoundingClientRect().width;
      });
      expect(Math.round(ratio), `at ${width} px`).toBe(perView);
    }
  });

  test('artwork arrives as WebP sized for the screen, with its size set before it loads', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    const poster = page.getByRole('img', { name: /Poster of the First General Science Festival/ });
    await poster.scrollIntoViewIfNeeded();
    await expect(poster).toHaveAttribute('width', '600');
    await expect(poster).toHaveAttribute('loading', 'lazy');
    await expect
      .poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    // A 360 px phone at twice the density takes the 1200 px file; a WebP, not the SVG source.
    expect(await poster.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
      /\/images\/poster-\d+\.webp$/,
    );
    const activity = page.getByTestId('activities-carousel').locator('img').first();
    await expect(activity).toHaveAttribute(
      'srcset',
      /activity-01-480\.webp 480w, .*activity-01-960\.webp 960w/,
    );
  });

  test('a tutorial opens its video in a new tab', async ({ page, context }) => {
    await context.route('https://www.youtube.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Video</title>' }),
    );
    await page.goto('/');
    await hydrated(page);
    // The list is read when the reader comes near the section.
    await page.getByTestId('tutorials-carousel').scrollIntoViewIfNeeded();
    const slides = page.getByTestId('tutorials-carousel').getByRole('link');
    await expect(slides).toHaveCount(8);
    await expect(slides.first()).toHaveAttribute('rel', 'noopener noreferrer');
    const [popup] = await Promise.all([page.waitForEvent('popup'), slides.first().click()]);
    await expect(popup).toHaveURL(/youtube\.com/);
  });

  test('the footer links to Contact (#footer) and FAQs (#faq) from another page', async ({ page }) => {
    await page.goto('/about');
    await hydrated(page);
    await page.locator('#footer').getByRole('link', { name: 'FAQs' }).click();
    await expect(page).toHaveURL(/\/#faq$/);
    await expect(page.locator('#faq')).toBeInViewport();
  });

  test('the navbar is transparent at the top of / and solid after 10 px; solid on /coming-soon', async ({
    page,
  }) => {
    await page.goto('/');
    await hydrated(page);
    expect(await navStyle(page)).toBe('transparent');
    await page.evaluate(() => window.scrollTo(0, 11));
    await expect.poll(() => navStyle(page)).toBe('solid');
    await page.goto('/coming-soon');
    await expect.poll(() => navStyle(page)).toBe('solid');
  });

  test('the mobile menu works on the home page at 360 px', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#mobile-menu');
    await menu.getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menu).toHaveCount(0);
  });
});

test.describe('about, events, team, coming soon, 404', () => {
  test('about shows the statistics, journey, four objectives and three values', async ({ page }) => {
    await page.goto('/about');
    const main = page.getByRole('main');
    for (const text of ['15,000+', '12,000+', '1,500+', 'Our Journey', 'Since 2020', 'Core Objectives']) {
      await expect(main).toContainText(text);
    }
    await expect(main.locator('ol > li')).toHaveCount(4);
    await expect(page.getByTestId('value-card').locator('h3')).toHaveText([
      'Excellence',
      'Innovation',
      'Collaboration',
    ]);
  });

  test('events: the festival hero, the event card and the way to Coming Soon', async ({ page }) => {
    await page.goto('/events');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('National General Science Festival');
    const card = page.getByTestId('event-card');
    await expect(card).toHaveCount(1);
    for (const text of [
      'Upcoming',
      'Competition',
      'Jan 10, 2024',
      '9:00 AM to 5:00 PM',
      'A university campus',
    ]) {
      await expect(card).toContainText(text);
    }
    await expect(page.getByRole('main').getByRole('link', { name: 'Register Now' })).toHaveAttribute(
      'href',
      '/national-round-registration',
    );
    await page.getByRole('link', { name: 'See what is coming soon' }).click();
    await expect(page).toHaveURL(/\/coming-soon$/);
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '75');
    await expect(page.getByRole('main')).toContainText('75% complete');
    await expect(page.getByRole('main')).toContainText('Expected launch: Q2 2025');
  });

  test('Register Now on the events page asks a guest to log in first', async ({ page }) => {
    await page.goto('/events');
    await hydrated(page);
    await page.getByRole('main').getByRole('link', { name: 'Register Now' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('team shows Under Construction and no member list', async ({ page }) => {
    await page.goto('/team');
    await expect(page.getByRole('heading', { name: 'Under Construction' })).toBeVisible();
    await expect(page.getByTestId('team-member')).toHaveCount(0);
  });

  test('an unknown address shows the 404 page with the copyright line only', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.locator('#footer')).toHaveCount(0);
    await expect(page.getByTestId('copyright')).toContainText('All Rights Reserved.');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test('a signed-in visitor gets the avatar after hydration, without layout shift or errors', async ({
  page,
}) => {
  const student = await registeredStudent(page.request);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await page.getByLabel('Email').fill(student.email);
  await page.getByLabel('Password', { exact: true }).fill(student.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  await page.addInitScript(() => {
    (window as unknown as { __shift: number }).__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
        (window as unknown as { __shift: number }).__shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/about');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(page.getByRole('button', { name: `Account menu for ${student.name}` })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Register' })).toHaveCount(0);
  await page.waitForTimeout(300);
  const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
  expect(shift).toBeLessThanOrEqual(0.02);
});

test.describe('accessibility', () => {
  for (const width of [360, 1280]) {
    for (const path of [...PUBLIC_PAGES, '/no-such-page']) {
      test(`axe finds no violations on ${path} at ${width} px`, async ({ page }) => {
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await page.setViewportSize({ width, height: 800 });
        await page.goto(path);
        await hydrated(page);
        const results = await new AxeBuilder({ page }).analyze();
        expect(
          results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        ).toEqual([]);
      });
    }
  }
});
