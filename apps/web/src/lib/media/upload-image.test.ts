import { describe, expect, it, vi } from 'vitest';
import { installFakeXhr, sentRequest } from '../../test/fake-xhr.ts';
import { UPLOAD_MAX_BYTES } from './image-file.ts';
import { prepareImage, uploadImage, uploadMediaImage } from './upload-image.ts';

// jsdom cannot decode images: compression is replaced by "returns the file as it is".
vi.mock('./compress.ts', () => ({ compressImage: async (file: File) => ({ file, problems: [] }) }));

const fileOf = (bytes: number, name: string, type: string) =>
  new File([new Uint8Array(bytes)], name, { type });

describe('prepareImage', () => {
  it('refuses a file that is not an image, naming it', async () => {
    await expect(prepareImage(fileOf(10, 'notes.txt', 'text/plain'))).rejects.toMatchObject({
      kind: 'notImage',
      fileName: 'notes.txt',
    });
  });

  it('refuses an image still over 15 MB after compression', async () => {
    await expect(prepareImage(fileOf(UPLOAD_MAX_BYTES + 1, 'huge.jpg', 'image/jpeg'))).rejects.toMatchObject({
      kind: 'tooLarge',
    });
    const prepared = await prepareImage(fileOf(UPLOAD_MAX_BYTES, 'ok.jpg', 'image/jpeg'));
    expect(prepared.file).toBeInstanceOf(File);
    expect(prepared.problems).toEqual([]);
  });
});

describe('uploadImage', () => {
  it('prepares, then uploads to the API path, telling each phase', async () => {
    installFakeXhr();
    const phases: string[] = [];
    const task = uploadMediaImage(fileOf(10, 'answer.png', 'image/png'), { onPhase: (p) => phases.push(p) });
    const request = await sentRequest();
    expect(request.url).toBe('http://localhost:3000/api/v1/upload');
    request.respond(201, { status: 'success', url: '/api/v1/media/a1' });
    await expect(task.promise).resolves.toBe('/api/v1/media/a1');
    expect(phases).toEqual(['preparing', 'uploading']);
  });

  it("says 'badResponse' when the server's success has no url", async () => {
    installFakeXhr();
    const task = uploadMediaImage(fileOf(10, 'answer.png', 'image/png'));
    (await sentRequest()).respond(200, { status: 'success' });
    await expect(task.promise).rejects.toMatchObject({ kind: 'badResponse' });
  });

  it('can be cancelled before anything is sent', async () => {
    const sent = installFakeXhr();
    const task = uploadImage('v1/upload', fileOf(10, 'a.jpg', 'image/jpeg'));
    task.cancel();
    await expect(task.promise).rejects.toMatchObject({ kind: 'cancelled' });
    expect(sent).toHaveLength(0);
  });
});
