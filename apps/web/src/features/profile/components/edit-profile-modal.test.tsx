import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi, testProfile } from '../../../test/fetch-stub.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { ProfileCard } from './profile-card.tsx';

const placed = {
  ...testProfile,
  institution: 'Dhaka College',
  division: 'Dhaka',
  district: 'Gazipur',
  sub_district: 'Kaliakair',
};

async function openEditor(profile: object = testProfile, handlers: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({
    'GET /api/v1/user/profile': { body: { status: 'success', user: profile } },
    ...handlers,
  });
  const user = userEvent.setup();
  const view = renderWithStore(<ProfileCard />);
  const opener = await screen.findByRole('button', { name: 'Edit Profile' });
  await user.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
  return { api, user, dialog, opener, ...view };
}

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label);

describe('Edit Profile', () => {
  it('opens with the current values and focus on the first field', async () => {
    const { dialog } = await openEditor(placed);
    expect(field(dialog, 'Full name')).toHaveValue('Ayesha Rahman');
    expect(field(dialog, 'Full name')).toHaveFocus();
    expect(field(dialog, 'Institution')).toHaveValue('Dhaka College');
    expect(field(dialog, 'Division')).toHaveValue('Dhaka');
    expect(field(dialog, 'District')).toHaveValue('Gazipur');
    expect(field(dialog, 'Sub-district')).toHaveValue('Kaliakair');
  });

  it('disables district until a division is chosen, and sub-district until a district is chosen', async () => {
    const { dialog, user } = await openEditor();
    expect(field(dialog, 'District')).toBeDisabled();
    expect(field(dialog, 'District')).toHaveAccessibleDescription('Choose a division first.');
    expect(field(dialog, 'Sub-district')).toBeDisabled();

    await user.selectOptions(field(dialog, 'Division'), 'Dhaka');
    expect(field(dialog, 'District')).toBeEnabled();
    expect(field(dialog, 'Sub-district')).toBeDisabled();
    const districts = within(field(dialog, 'District')).getAllByRole('option');
    expect(districts.map((option) => option.textContent)).toContain('Gazipur');
    expect(districts.map((option) => option.textContent)).not.toContain('Sylhet');

    await user.selectOptions(field(dialog, 'District'), 'Gazipur');
    expect(field(dialog, 'Sub-district')).toBeEnabled();
    await user.selectOptions(field(dialog, 'Sub-district'), 'Kaliakair');
    expect(field(dialog, 'Sub-district')).toHaveValue('Kaliakair');
  });

  it('clears district and sub-district on a new division, and sub-district on a new district', async () => {
    const { dialog, user } = await openEditor(placed);
    await user.selectOptions(field(dialog, 'District'), 'Tangail');
    expect(field(dialog, 'District')).toHaveValue('Tangail');
    expect(field(dialog, 'Sub-district')).toHaveValue('');

    await user.selectOptions(field(dialog, 'District'), 'Gazipur');
    await user.selectOptions(field(dialog, 'Sub-district'), 'Kapasia');
    await user.selectOptions(field(dialog, 'Division'), 'Sylhet');
    expect(field(dialog, 'District')).toHaveValue('');
    expect(field(dialog, 'Sub-district')).toHaveValue('');
    expect(field(dialog, 'Sub-district')).toBeDisabled();
  });

  it('closes without a call when nothing changed, and gives focus back', async () => {
    const { api, dialog, user, opener } = await openEditor(placed);
    await user.type(field(dialog, 'Institution'), ' ');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.keys().filter((key) => key.startsWith('PUT'))).toEqual([]);
    expect(opener).toHaveFocus();
  });

  it('sends only the changed fields, then shows the reloaded profile and closes', async () => {
    const updated = {
      ...testProfile,
      institution: 'Notre Dame College',
      division: 'Dhaka',
      district: 'Gazipur',
      sub_district: 'Sreepur',
    };
    let saved = false;
    const { api, dialog, user } = await openEditor(testProfile, {
      'GET /api/v1/user/profile': () => ({
        body: { status: 'success', user: saved ? updated : testProfile },
      }),
      'PUT /api/v1/user/profile': () => {
        saved = true;
        return { body: { status: 'success', user: updated } };
      },
    });
    await user.type(field(dialog, 'Institution'), 'Notre Dame College');
    await user.selectOptions(field(dialog, 'Division'), 'Dhaka');
    await user.selectOptions(field(dialog, 'District'), 'Gazipur');
    await user.selectOptions(field(dialog, 'Sub-district'), 'Sreepur');
    // The same phone number written another way is not a change.
    await user.clear(field(dialog, 'Phone number'));
    await user.type(field(dialog, 'Phone number'), '+8801712345678');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(await put?.json()).toEqual({
      institution: 'Notre Dame College',
      division: 'Dhaka',
      district: 'Gazipur',
      sub_district: 'Sreepur',
    });
    expect(put?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(screen.getByTestId('profile-institution')).toHaveTextContent('Notre Dame College');
    expect(screen.getByTestId('profile-sub-district')).toHaveTextContent('Sreepur');
    await waitFor(() =>
      expect(api.keys().filter((key) => key === 'GET /api/v1/user/profile')).toHaveLength(2),
    );
  });

  it('sends a cleared location as null', async () => {
    const { api, dialog, user } = await openEditor(placed, {
      'PUT /api/v1/user/profile': {
        body: { status: 'success', user: { ...placed, division: null, district: null, sub_district: null } },
      },
    });
    await user.selectOptions(field(dialog, 'Division'), '');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(await put?.json()).toEqual({ division: null, district: null, sub_district: null });
  });

  it("shows the server's message and its field errors beside the fields", async () => {
    const { dialog, user } = await openEditor(placed, {
      'PUT /api/v1/user/profile': {
        status: 422,
        body: {
          status: 'error',
          message: 'Some fields are not valid. Please correct them and try again.',
          errors: { district: ['Please choose a district of the chosen division.'] },
        },
      },
    });
    await user.selectOptions(field(dialog, 'District'), 'Tangail');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Some fields are not valid. Please correct them and try again.',
    );
    expect(field(dialog, 'District')).toHaveAccessibleDescription(
      'Please choose a district of the chosen division.',
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("falls back to 'Failed to update profile' without a server message", async () => {
    const { dialog, user } = await openEditor(placed, {
      'PUT /api/v1/user/profile': { status: 502, body: 'Bad gateway' },
    });
    await user.clear(field(dialog, 'Institution'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to update profile');
  });

  it("says 'An error occurred while updating profile' when the connection fails", async () => {
    const { dialog, user } = await openEditor(placed, {
      'PUT /api/v1/user/profile': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await user.clear(field(dialog, 'Institution'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'An error occurred while updating profile',
    );
  });

  it('checks the fields before sending', async () => {
    const { api, dialog, user } = await openEditor(placed);
    await user.clear(field(dialog, 'Full name'));
    await user.clear(field(dialog, 'Phone number'));
    await user.type(field(dialog, 'Phone number'), '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findAllByText(/./, { selector: '[aria-live]' })).toHaveLength(2);
    expect(field(dialog, 'Full name')).toHaveAttribute('aria-invalid', 'true');
    expect(api.keys().filter((key) => key.startsWith('PUT'))).toEqual([]);
  });

  it('keeps focus inside, closes on Escape and gives focus back', async () => {
    const { dialog, user, opener } = await openEditor(placed);
    const save = within(dialog).getByRole('button', { name: 'Save Changes' });
    save.focus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(save).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
