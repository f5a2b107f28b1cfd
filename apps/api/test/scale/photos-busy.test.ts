import { messagesBn } from '@ngso/shared/messages/bn';
import { messagesEn } from '@ngso/shared/messages/en';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LONGEST_RETRY_AFTER_SECONDS } from '../../src/modules/media/upload-gate.ts';
import { type Nginx, startNginx } from '../helpers/nginx.ts';

/**
 * When no process can take an answer photo (the photo lane and its backups all at their connection ceiling,
 * decision 081, or all down), nginx answers the phone itself: 503 with a Retry-After, as a full process does,
 * so the exam page sends the photo again later instead of showing nginx's error page. Debian's nginx with the
 * shipped site file, and no process listening behind it: every photo upstream refuses the connection, which
 * leaves nginx with no server to send the photo to, as a full ceiling does.
 * Ports: nginx 4690; the photo lane 4691 and the two processes 4692 and 4693, none of them listening.
 */
const PORTS = { nginx: 4690, lane: 4691, one: 4692, two: 4693 };

let nginx: Nginx | undefined;

beforeAll(async () => {
  nginx = await startNginx({ port: PORTS.nginx, upstreams: [PORTS.one, PORTS.two], photoLane: [PORTS.lane] });
});

afterAll(async () => {
  await nginx?.stop();
});

const photo = Buffer.alloc(200_000, 0xff);
const deliver = (headers: Record<string, string> = {}) =>
  fetch(`${nginx?.url}/api/v1/ngso-1/answer-photos/${'a'.repeat(64)}`, {
    method: 'PUT',
    headers: { 'content-type': 'image/jpeg', ...headers },
    body: photo,
  });

describe('an answer photo no process can take', () => {
  it('is told to come back (503, Retry-After), in JSON, not shown an nginx error page', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const reply = await deliver();
      expect(reply.status).toBe(503);
      expect(reply.headers.get('retry-after')).toBe(String(LONGEST_RETRY_AFTER_SECONDS));
      expect(reply.headers.get('cache-control')).toBe('no-store');
      expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await reply.json()).toEqual({ status: 'error', message: messagesEn['server.unavailable'] });
    }
    const upload = await fetch(`${nginx?.url}/api/v1/upload`, { method: 'POST', body: photo });
    expect(upload.status).toBe(503);
    expect(upload.headers.get('retry-after')).toBe(String(LONGEST_RETRY_AFTER_SECONDS));
  });

  it("is answered in the student's language: the saved choice first, then the browser's", async () => {
    const bangla = { status: 'error', message: messagesBn['server.unavailable'] };
    const english = { status: 'error', message: messagesEn['server.unavailable'] };
    expect(await (await deliver({ cookie: 'lang=bn' })).json()).toEqual(bangla);
    expect(await (await deliver({ 'accept-language': 'bn-BD,bn;q=0.9' })).json()).toEqual(bangla);
    expect(await (await deliver({ cookie: 'lang=en', 'accept-language': 'bn' })).json()).toEqual(english);
    expect(await (await deliver({ 'accept-language': 'en-US,bn;q=0.5' })).json()).toEqual(english);
  });

  it('leaves the other calls alone: with no process up they get the usual 502', async () => {
    const reply = await fetch(`${nginx?.url}/api/v1/user`);
    expect(reply.status).toBe(502);
  });
});
