import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { languageCookieOptions, pageLanguage, requestLanguage } from './language.ts';

const app = Fastify();
await app.register(fastifyCookie);
app.get('/probe', async (request) => ({ message: requestLanguage(request), page: pageLanguage(request) }));
app.get('/choose', async (_request, reply) =>
  reply.setCookie('lang', 'bn', languageCookieOptions(true)).send({}),
);
afterAll(() => app.close());

const probe = async (headers: Record<string, string>) =>
  (await app.inject({ url: '/probe', headers })).json();

describe("the server's language reader", () => {
  it('takes the lang cookie first, for messages and pages', async () => {
    expect(await probe({ cookie: 'lang=bn', 'accept-language': 'en-GB' })).toEqual({
      message: 'bn',
      page: 'bn',
    });
    expect(await probe({ cookie: 'lang=en', 'accept-language': 'bn-BD' })).toEqual({
      message: 'en',
      page: 'en',
    });
  });

  it("falls back to Accept-Language for messages, and to English for a first visit's page", async () => {
    expect(await probe({ 'accept-language': 'bn-BD,bn;q=0.9' })).toEqual({ message: 'bn', page: 'en' });
    expect(await probe({ cookie: 'lang=fr', 'accept-language': 'en' })).toEqual({
      message: 'en',
      page: 'en',
    });
    expect(await probe({})).toEqual({ message: 'en', page: 'en' });
  });

  it('writes the cookie for a year, readable by the web app', async () => {
    const cookie = (await app.inject({ url: '/choose' })).headers['set-cookie'];
    expect(cookie).toBe('lang=bn; Max-Age=31536000; Path=/; Secure; SameSite=Lax');
  });
});
