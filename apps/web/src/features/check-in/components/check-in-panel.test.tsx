import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/fetch-stub.ts';
import { renderWithStore } from '../../../test/render.tsx';
import CheckInPanel from './check-in-panel.tsx';

const twoFactor = (passed: boolean) => ({
  body: { status: 'success', data: { required: true, enabled: true, passed, recovery_codes_left: 10 } },
});
const entrant = {
  registration_id: 'r1',
  name: 'Ayesha Rahman',
  roll_number: 'SR-0001',
  category: 'senior',
  institution: 'Rajshahi Collegiate School',
  pickup_spot: 'own',
  registration_status: 'approved',
  checked_in_at: null,
  checked_in_by: null,
};

describe('CheckInPanel', () => {
  it('asks staff to pass the second factor first, and reads nothing about the entrant meanwhile', async () => {
    const api = stubApi({ 'GET /api/v1/two-factor': twoFactor(false) });
    renderWithStore(<CheckInPanel code="abc123" />);
    expect(await screen.findByRole('link', { name: 'Confirm it is you' })).toHaveAttribute(
      'href',
      '/two-factor',
    );
    expect(api.keys()).toEqual(['GET /api/v1/two-factor']);
  });

  it('checks the entrant in once, and says so', async () => {
    const api = stubApi({
      'GET /api/v1/two-factor': twoFactor(true),
      'GET /api/v1/admin/check-ins/abc123': { body: { status: 'success', data: entrant } },
      'POST /api/v1/admin/check-ins/abc123': {
        body: {
          status: 'success',
          data: {
            ...entrant,
            checked_in_at: '2026-12-26T03:12:00.000Z',
            checked_in_by: 'Rahim Volunteer',
            newly_checked_in: true,
          },
        },
      },
    });
    renderWithStore(<CheckInPanel code="abc123" />);
    expect(await screen.findByTestId('check-in-state')).toHaveTextContent('Not checked in yet.');
    expect(screen.getByText('Own transport')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByTestId('check-in-result')).toHaveTextContent('Ayesha Rahman is checked in.');
    expect(screen.getByTestId('check-in-state')).toHaveTextContent(
      'Checked in at 26 Dec, 09:12 by Rahim Volunteer.',
    );
    expect(screen.queryByRole('button', { name: 'Check in' })).toBeNull();
    expect(api.keys().filter((key) => key.startsWith('POST'))).toHaveLength(1);
  });

  it('offers no check-in for a registration that is not approved', async () => {
    stubApi({
      'GET /api/v1/two-factor': twoFactor(true),
      'GET /api/v1/admin/check-ins/abc123': {
        body: { status: 'success', data: { ...entrant, registration_status: 'rejected' } },
      },
    });
    renderWithStore(<CheckInPanel code="abc123" />);
    expect(
      await screen.findByText('This registration is not approved, so this entrant cannot be checked in.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check in' })).toBeNull();
  });
});
