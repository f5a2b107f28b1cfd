import { describe, expect, it, vi } from 'vitest';
import { installFakeXhr, sentRequest } from '../../test/fake-xhr.ts';
import { parseRetryAfter } from '../retry.ts';
import { MediaError } from './media-error.ts';
import { sendBytes, sendFile } from './upload.ts';

const fastRetry = { retries: 2, baseDelayMs: 1, maxDelayMs: 2 };
const photo = () => new File([new Uint8Array(1000)], 'photo.jpg', { type: 'image/jpeg' });

describe('sendFile', () => {
  it('sends one multipart field `file` with the API headers and the cookie, reporting progress', async () => {
    installFakeXhr();
    const progress: number[] = [];
    const result = sendFile({
      url: 'http://localhost:3000/api/v1/upload',
      file: photo(),
      onProgress: (percent) => progress.push(percent),
    });
    const request = await sentRequest();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('http://localhost:3000/api/v1/upload');
    expect(request.withCredentials).toBe(true);
    expect(request.headers).toEqual({ Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' });
    expect(request.sentFile().name).toBe('photo.jpg');
    request.progress(250, 1000);
    request.progress(999, 1000);
    request.respond(200, { status: 'success', url: '/api/v1/media/abc' });
    await expect(result).resolves.toEqual({ status: 'success', url: '/api/v1/media/abc' });
    expect(progress).toEqual([0, 25, 99, 100]);
  });

  it('tries again when the connection drops', async () => {
    const sent = installFakeXhr();
    const result = sendFile({ url: 'http://localhost/api/v1/upload', file: photo(), retry: fastRetry });
    (await sentRequest(0)).dropConnection();
    (await sentRequest(1)).respond(200, { status: 'success', url: '/u' });
    await expect(result).resolves.toEqual({ status: 'success', url: '/u' });
    expect(sent).toHaveLength(2);
  });

  it('gives up after the retries with a network error', async () => {
    installFakeXhr();
    const result = sendFile({ url: 'http://localhost/api/v1/upload', file: photo(), retry: fastRetry });
    const failure = expect(result).rejects.toMatchObject({ kind: 'network' });
    for (const index of [0, 1, 2]) (await sentRequest(index)).dropConnection();
    await failure;
  });

  it("does not try again when the server refuses, and keeps the server's sentence", async () => {
    const sent = installFakeXhr();
    const result = sendFile({ url: 'http://localhost/api/v1/upload', file: photo(), retry: fastRetry });
    (await sentRequest()).respond(415, { status: 'error', message: 'notes.jpg is not an image' });
    const failure = await result.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MediaError);
    expect(failure).toMatchObject({ kind: 'http', status: 415, serverMessage: 'notes.jpg is not an image' });
    expect(sent).toHaveLength(1);
  });

  it('stops when cancelled, also while waiting to retry', async () => {
    const sent = installFakeXhr();
    const controller = new AbortController();
    const result = sendFile({
      url: 'http://localhost/api/v1/upload',
      file: photo(),
      signal: controller.signal,
      retry: { retries: 3, baseDelayMs: 60_000, maxDelayMs: 60_000 },
    });
    (await sentRequest()).dropConnection();
    controller.abort();
    await expect(result).rejects.toMatchObject({ kind: 'cancelled' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent).toHaveLength(1);

    const second = new AbortController();
    const inFlight = sendFile({
      url: 'http://localhost/api/v1/upload',
      file: photo(),
      signal: second.signal,
    });
    const abort = vi.spyOn(await sentRequest(1), 'abort');
    second.abort();
    await expect(inFlight).rejects.toMatchObject({ kind: 'cancelled' });
    expect(abort).toHaveBeenCalled();
  });
});

describe('sendBytes', () => {
  it('PUTs the exact bytes with their type and the API headers, reporting progress', async () => {
    installFakeXhr();
    const bytes = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' });
    const progress: number[] = [];
    const result = sendBytes({
      url: 'http://localhost/api/v1/ngso-1/answer-photos/ab',
      bytes,
      onProgress: (p) => progress.push(p),
    });
    const request = await sentRequest();
    expect(request.method).toBe('PUT');
    expect(request.body).toBe(bytes);
    expect(request.withCredentials).toBe(true);
    expect(request.headers).toEqual({
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'Content-Type': 'image/jpeg',
    });
    request.progress(1, 2);
    request.respond(200, { status: 'success', data: { sha256: 'ab' } });
    await expect(result).resolves.toEqual({ status: 'success', data: { sha256: 'ab' } });
    expect(progress).toEqual([0, 50, 100]);
  });

  it("passes on the server's Retry-After with the status", async () => {
    installFakeXhr();
    const result = sendBytes({ url: 'http://localhost/x', bytes: new Blob(['x']) });
    (await sentRequest()).respond(
      429,
      { status: 'error', message: 'Please send at most two photos at a time.' },
      {
        'Retry-After': '7',
      },
    );
    await expect(result).rejects.toMatchObject({ kind: 'http', status: 429, retryAfterMs: 7000 });
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds or an HTTP date, and nothing else', () => {
    expect(parseRetryAfter('5')).toBe(5000);
    expect(parseRetryAfter('Wed, 25 Nov 2026 10:00:30 GMT', Date.parse('2026-11-25T10:00:00Z'))).toBe(30_000);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});
