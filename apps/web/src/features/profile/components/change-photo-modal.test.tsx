import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeXhr, sentRequest } from '../../../test/fake-xhr.ts';
import { stubApi, testProfile, testUser } from '../../../test/fetch-stub.ts';
import { renderApp, renderWithStore, signedInAuth } from '../../../test/render.tsx';
import { ProfileCard } from './profile-card.tsx';

// jsdom has no canvas, worker or image decoding: compression is the boundary stubbed here (its
// pure parts are tested in lib/media, the real thing in the browser test).
vi.mock('../../../lib/media/compress.ts', () => ({
  compressImage: async (file: File) => ({ file, problems: [] }),
}));

const jpeg = () =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'me.jpg', { type: 'image/jpeg' });

beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() });
});
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

async function openPhotoDialog() {
  const api = stubApi({ 'GET /api/v1/user/profile': { body: { status: 'success', user: testProfile } } });
  const sent = installFakeXhr();
  const user = userEvent.setup({ applyAccept: false });
  const view = renderWithStore(<ProfileCard />);
  await user.click(await screen.findByRole('button', { name: 'Change Photo' }));
  const dialog = await screen.findByRole('dialog', { name: 'Change Photo' });
  return { api, sent, user, dialog, ...view };
}

describe('Change Photo', () => {
  it('offers image files only, and Save does nothing without a file', async () => {
    const { sent, user, dialog } = await openPhotoDialog();
    const input = within(dialog).getByLabelText('Choose an image');
    expect(input).toHaveAttribute(
      'accept',
      'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif',
    );
    const save = within(dialog).getByRole('button', { name: 'Save Photo' });
    await user.click(save);
    expect(sent).toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("refuses a file that is not an image with '{file} is not an image', sending nothing", async () => {
    const { sent, user, dialog } = await openPhotoDialog();
    const notes = new File(['hello'], 'notes.pdf', { type: 'application/pdf' });
    await user.upload(within(dialog).getByLabelText('Choose an image'), notes);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('notes.pdf is not an image');
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save Photo' }));
    expect(sent).toHaveLength(0);
  });

  it('previews the chosen image, uploads it with progress, closes, and the avatars change at once', async () => {
    const newImage = '/api/v1/media/new-photo';
    stubApi({
      'GET /api/v1/user': { body: { status: 'success', user: testUser } },
      'GET /api/v1/user/profile': { body: { status: 'success', user: testProfile } },
      'GET /api/v1/ngso-1/registration/status': {
        body: { status: 'success', category: null, data: { registration_status: null } },
      },
    });
    installFakeXhr();
    const user = userEvent.setup();
    const { store } = renderApp('/profile', { auth: signedInAuth });
    await user.click(await screen.findByRole('button', { name: 'Change Photo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Photo' });
    await user.upload(within(dialog).getByLabelText('Choose an image'), jpeg());
    expect(within(dialog).getByRole('img', { name: 'Preview of the chosen image' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save Photo' }));

    const request = await sentRequest();
    expect(request.url).toBe('http://localhost:3000/api/v1/user/profile/photo');
    expect(request.sentFile().name).toBe('me.jpg');
    request.progress(40, 100);
    const bar = await within(dialog).findByRole('progressbar', { name: 'Upload progress' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    expect(within(dialog).getByTestId('upload-percent')).toHaveTextContent('40%');
    request.respond(200, { status: 'success', user: { profile_image: newImage }, profile_image: newImage });

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.getState().auth.profileImage).toBe(newImage);
    expect(store.getState().auth.user?.profile_image).toBe(newImage);
    expect(store.getState().profile).toMatchObject({ updatingPhoto: false });
    const images = document.querySelectorAll(`img[src="${newImage}"]`);
    expect(images).toHaveLength(2); // the navigation bar and the profile card
  });

  it("shows the server's message when it refuses the file", async () => {
    const { user, dialog, store } = await openPhotoDialog();
    await user.upload(within(dialog).getByLabelText('Choose an image'), jpeg());
    await user.click(within(dialog).getByRole('button', { name: 'Save Photo' }));
    (await sentRequest()).respond(415, { status: 'error', message: 'me.jpg is not an image' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('me.jpg is not an image');
    expect(store.getState().profile).toMatchObject({
      updatingPhoto: false,
      error: { status: 415, message: 'me.jpg is not an image' },
    });
  });

  it("falls back to 'Failed to update photo'", async () => {
    const { user, dialog } = await openPhotoDialog();
    await user.upload(within(dialog).getByLabelText('Choose an image'), jpeg());
    await user.click(within(dialog).getByRole('button', { name: 'Save Photo' }));
    // A proxy's page, no message of the server's (413: final, not tried again).
    (await sentRequest()).respond(413, '<html>Request Entity Too Large</html>');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to update photo');
  });

  it('waits when the server asks it to (429 with Retry-After), then sends the photo again', async () => {
    const { sent, user, dialog, store } = await openPhotoDialog();
    await user.upload(within(dialog).getByLabelText('Choose an image'), jpeg());
    await user.click(within(dialog).getByRole('button', { name: 'Save Photo' }));
    const busy = { status: 'error', message: 'Please send at most two photos at a time.' };
    (await sentRequest()).respond(429, busy, { 'Retry-After': '0' });
    await vi.waitFor(() => expect(sent).toHaveLength(2), { timeout: 3000 });
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    const image = '/api/v1/media/again';
    sent[1]?.respond(200, { status: 'success', user: { profile_image: image }, profile_image: image });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.getState().profile).toMatchObject({ updatingPhoto: false });
  });

  it('cancels an upload in flight and stays open', async () => {
    const { user, dialog, store } = await openPhotoDialog();
    await user.upload(within(dialog).getByLabelText('Choose an image'), jpeg());
    await user.click(within(dialog).getByRole('button', { name: 'Save Photo' }));
    await sentRequest();
    expect(store.getState().profile.updatingPhoto).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel upload' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('The upload was cancelled.');
    expect(store.getState().profile.updatingPhoto).toBe(false);
    expect(within(dialog).getByRole('button', { name: 'Save Photo' })).toBeEnabled();
  });
});
