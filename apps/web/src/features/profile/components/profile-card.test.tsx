import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi, testProfile } from '../../../test/fetch-stub.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { ProfileCard } from './profile-card.tsx';

const profileReply = (user: object) => ({ body: { status: 'success', user } });

describe('ProfileCard', () => {
  it("says 'Fetching user details...' while loading, then shows the profile", async () => {
    stubApi({ 'GET /api/v1/user/profile': profileReply(testProfile) });
    renderWithStore(<ProfileCard />);
    expect(screen.getByRole('status')).toHaveTextContent('Fetching user details...');
    expect(await screen.findByTestId('profile-name')).toHaveTextContent('Ayesha Rahman');
    expect(screen.getByText('ayesha@example.com')).toBeVisible();
  });

  it("falls back to 'Not Specified' and 'Not Provided' for empty fields", async () => {
    stubApi({ 'GET /api/v1/user/profile': profileReply({ ...testProfile, phone_number: null }) });
    renderWithStore(<ProfileCard />);
    await screen.findByTestId('profile-name');
    for (const id of ['profile-phone', 'profile-division', 'profile-district', 'profile-sub-district']) {
      expect(screen.getByTestId(id)).toHaveTextContent(/^Not Specified$/);
    }
    expect(screen.getByTestId('profile-institution')).toHaveTextContent(/^Not Provided$/);
  });

  it('shows every field that is filled in', async () => {
    stubApi({
      'GET /api/v1/user/profile': profileReply({
        ...testProfile,
        institution: 'Dhaka College',
        division: 'Dhaka',
        district: 'Gazipur',
        sub_district: 'Kaliakair',
      }),
    });
    renderWithStore(<ProfileCard />);
    await screen.findByTestId('profile-name');
    expect(screen.getByTestId('profile-phone')).toHaveTextContent('01712345678');
    expect(screen.getByTestId('profile-institution')).toHaveTextContent('Dhaka College');
    expect(screen.getByTestId('profile-division')).toHaveTextContent('Dhaka');
    expect(screen.getByTestId('profile-district')).toHaveTextContent('Gazipur');
    expect(screen.getByTestId('profile-sub-district')).toHaveTextContent('Kaliakair');
  });

  it("shows 'Registered On' as 'MMMM d, yyyy' in Asia/Dhaka", async () => {
    // 20:30 UTC on 30 November is 02:30 on 1 December in Dhaka (UTC+6).
    stubApi({
      'GET /api/v1/user/profile': profileReply({ ...testProfile, created_at: '2024-11-30T20:30:00.000Z' }),
    });
    renderWithStore(<ProfileCard />);
    expect(await screen.findByTestId('profile-registered-on')).toHaveTextContent('December 1, 2024');
    expect(screen.getByText('Registered On')).toBeVisible();
  });

  it('says so when the profile cannot be fetched, and tries again on request', async () => {
    let fail = true;
    stubApi({
      'GET /api/v1/user/profile': () =>
        fail
          ? { status: 500, body: { status: 'error', message: 'Something went wrong.' } }
          : profileReply(testProfile),
    });
    const user = userEvent.setup();
    renderWithStore(<ProfileCard />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred while fetching user details. Please try again.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('profile-name')).toHaveTextContent('Ayesha Rahman');
  });
});
