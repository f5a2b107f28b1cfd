import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { translate } from '../src/lib/messages.ts';
import { queuedMail } from './helpers/mail.ts';
import { client, createTestApp, newStudent } from './helpers/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const savedLanguage = async (email: string) => {
  const [row] = await t.db.select({ language: users.language }).from(users).where(eq(users.email, email));
  return row?.language;
};

describe('the language choice (decisions.md, Language)', () => {
  it('PUT /api/v1/user/language saves it on the account and in the lang cookie', async () => {
    const browser = client(t.app);
    const student = newStudent();
    expect((await browser.post('/api/v1/register', student)).statusCode).toBe(201);
    expect(await savedLanguage(student.email)).toBe('en');

    const saved = await browser.put('/api/v1/user/language', { language: 'bn' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ status: 'success', language: 'bn' });
    const cookie = String(saved.headers['set-cookie']);
    expect(cookie).toMatch(/lang=bn/);
    expect(cookie).toMatch(/Max-Age=31536000/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(await savedLanguage(student.email)).toBe('bn');

    // Messages now come in Bangla, with Bangla digits.
    const invalid = await browser.put('/api/v1/user/language', { language: 'fr' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().message).toBe(translate('validation.failed', undefined, 'bn'));
    expect(invalid.json().message).toMatch(/[\u0980-\u09FF]/);
  });

  it('refuses a guest', async () => {
    const guest = client(t.app);
    const response = await guest.put('/api/v1/user/language', { language: 'bn' });
    expect(response.statusCode).toBe(401);
  });

  it('keeps a choice made before registering, and brings the account’s language to a new device at login', async () => {
    const phone = client(t.app);
    phone.cookies.set('lang', 'bn');
    const student = newStudent();
    const registered = await phone.post('/api/v1/register', student);
    expect(registered.statusCode).toBe(201);
    expect(registered.json().message).toBe('আপনার অ্যাকাউন্ট খোলা হয়েছে।');
    expect(await savedLanguage(student.email)).toBe('bn');

    const laptop = client(t.app);
    const login = await laptop.post('/api/v1/login', { email: student.email, password: student.password });
    expect(login.statusCode).toBe(200);
    expect(laptop.cookies.get('lang')).toBe('bn');

    // A device that chose English tells the account at login.
    const tablet = client(t.app);
    tablet.cookies.set('lang', 'en');
    await tablet.post('/api/v1/login', { email: student.email, password: student.password });
    expect(await savedLanguage(student.email)).toBe('en');
  });

  it('answers errors in the cookie’s language, else the browser’s, with Bangla digits', async () => {
    const bangla = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { cookie: 'lang=bn', 'x-requested-with': 'XMLHttpRequest' },
      payload: { email: 'nobody@example.com', password: 'wrong-password' },
    });
    expect(bangla.statusCode).toBe(401);
    expect(bangla.json().message).toBe('ইমেইল বা পাসওয়ার্ড সঠিক নয়।');

    const english = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { cookie: 'lang=en', 'accept-language': 'bn-BD', 'x-requested-with': 'XMLHttpRequest' },
      payload: { email: 'nobody@example.com', password: 'wrong-password' },
    });
    expect(english.json().message).toBe('The email or password is incorrect.');

    expect(translate('rateLimited', { minutes: 15 }, 'bn')).toBe(
      'অনেকবার চেষ্টা করা হয়েছে। ১৫ মিনিট অপেক্ষা করে আবার চেষ্টা করুন।',
    );
    expect(translate('rateLimited', { minutes: 15 }, 'en')).toBe(
      'Too many attempts. Please wait 15 minutes and try again.',
    );
  });
});

describe('mails in the user’s language', () => {
  it('sends a Bangla password reset mail to a user who chose Bangla, English to the others', async () => {
    const bangla = newStudent();
    const phone = client(t.app);
    phone.cookies.set('lang', 'bn');
    await phone.post('/api/v1/register', bangla);
    const english = newStudent();
    await client(t.app).post('/api/v1/register', english);

    for (const student of [bangla, english]) {
      const guest = client(t.app);
      expect((await guest.post('/api/v1/forgot-password', { email: student.email })).statusCode).toBe(200);
    }
    const bn = await queuedMail(t.db, bangla.email, 1, 'আপনার পাসওয়ার্ড রিসেট করুন');
    expect(bn?.subject).toBe('আপনার পাসওয়ার্ড রিসেট করুন');
    expect(bn?.text).toContain('৬০ মিনিটের মধ্যে');
    expect(bn?.text).toContain('/reset-password?token=');
    const en = await queuedMail(t.db, english.email, 1, 'Reset your password');
    expect(en.text).toContain('within 60 minutes');
    // The verification link of the registration speaks the chosen language too.
    const verifyBn = await queuedMail(t.db, bangla.email, 1, 'আপনার ইমেইল ঠিকানা যাচাই করুন');
    expect(verifyBn.text).toContain('৪৮ ঘণ্টার মধ্যে');
  });
});

describe('the pre-rendered pages in the chosen language', () => {
  const page = (lang: string, text: string) =>
    `<!doctype html><html lang="${lang}"><body><div id="root"><h1>${text}</h1></div></body></html>`;
  let dist: string;
  let web: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'ngso-web-bn-'));
    await mkdir(path.join(dist, 'about'));
    await writeFile(path.join(dist, 'index.html'), page('en', ''));
    await writeFile(path.join(dist, 'index.bn.html'), page('bn', ''));
    await writeFile(path.join(dist, 'home.html'), page('en', 'Home'));
    await writeFile(path.join(dist, 'home.bn.html'), page('bn', 'হোম'));
    await writeFile(path.join(dist, 'about', 'index.html'), page('en', 'About Us'));
    await writeFile(path.join(dist, 'about', 'index.bn.html'), page('bn', 'আমাদের কথা'));
    web = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await web?.close();
    await rm(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    web.app.inject({ method: 'GET', url, headers });

  it('serves Bangla for the lang=bn cookie and English otherwise, even to a Bangla browser', async () => {
    const bangla = await get('/about', { cookie: 'lang=bn' });
    expect(bangla.body).toContain('আমাদের কথা');
    expect(bangla.headers.vary).toMatch(/Cookie/);
    expect((await get('/', { cookie: 'x=1; lang=bn' })).body).toContain('হোম');
    expect((await get('/about', { cookie: 'lang=en' })).body).toContain('About Us');
    expect((await get('/about', { 'accept-language': 'bn-BD' })).body).toContain('About Us');
    // The shell of the other paths carries the language on <html>.
    expect((await get('/profile', { cookie: 'lang=bn' })).body).toContain('<html lang="bn">');
    expect((await get('/profile')).body).toContain('<html lang="en">');
    // Compressed copies are of the right language too.
    const compressed = await get('/about', { cookie: 'lang=bn', 'accept-encoding': 'gzip' });
    expect(gunzipSync(compressed.rawPayload).toString()).toContain('আমাদের কথা');
  });
});
