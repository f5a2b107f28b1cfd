import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/fetch-stub.ts';
import { renderWithStore } from '../../../test/render.tsx';
import type { ProfilePrefill } from '../form-values.ts';
import { initialRegistrationState, type RegistrationState } from '../slice.ts';
import { RegistrationPage } from './registration-page.tsx';

const profile: ProfilePrefill = {
  name: 'Ayesha Rahman',
  institution: 'Dhaka College',
  division: 'Dhaka',
  district: 'Gazipur',
  sub_district: 'Kaliakair',
};

function renderPage(registration: Partial<RegistrationState> = {}, prefill: ProfilePrefill | null = profile) {
  return renderWithStore(
    <Routes>
      <Route path="/" element={<RegistrationPage profile={prefill} profileLoading={false} />} />
      <Route path="/national-round-registration-complete" element={<p>Complete page</p>} />
    </Routes>,
    {
      registration: {
        ...initialRegistrationState,
        registrationStatusInitialized: true,
        ...registration,
      },
    },
  );
}

type User = ReturnType<typeof userEvent.setup>;

/** Fills in everything the profile does not prefill. */
async function fillRest(user: User) {
  await user.selectOptions(screen.getByLabelText('Class'), '9');
  await user.type(screen.getByLabelText("Guardian's name"), 'Rahim Uddin');
  await user.type(screen.getByLabelText("Guardian's phone number"), '01812345678');
  await user.selectOptions(screen.getByLabelText('T-shirt size'), 'M');
  await user.selectOptions(screen.getByLabelText('Pick-up spot for the free transport'), 'own');
  await user.click(screen.getByRole('radio', { name: /bKash/ }));
  await user.type(screen.getByLabelText('Sender account number'), '01912345678');
  await user.type(screen.getByLabelText('Transaction ID'), '8n7a6d5b4c');
}

const created = {
  status: 201,
  body: {
    status: 'success',
    message: 'Your registration has been received.',
    category: 'senior',
    data: { registration_status: 'pending', registration_date: '2024-12-01T10:00:00.000Z' },
  },
};

describe('RegistrationPage', () => {
  it('shows the category the chosen class decides, with its grades', async () => {
    const user = userEvent.setup();
    renderPage();
    const category = screen.getByTestId('registration-category');
    expect(category).toHaveTextContent('Choose your class to see your category.');
    for (const [level, text] of [
      ['6', 'Junior (grades 6-8)'],
      ['8', 'Junior (grades 6-8)'],
      ['9', 'Senior (grades 9-10)'],
      ['10', 'Senior (grades 9-10)'],
      ['11', 'Secondary (grades 11-12)'],
      ['12', 'Secondary (grades 11-12)'],
    ] as const) {
      await user.selectOptions(screen.getByLabelText('Class'), level);
      expect(category).toHaveTextContent(`Your category: ${text}`);
    }
  });

  it('is prefilled from the profile and shows each payment number and the BDT 299 fee', () => {
    renderPage();
    expect(screen.getByLabelText('Full name')).toHaveValue('Ayesha Rahman');
    expect(screen.getByLabelText('Institution')).toHaveValue('Dhaka College');
    expect(screen.getByLabelText('Division')).toHaveValue('Dhaka');
    expect(screen.getByLabelText('District')).toHaveValue('Gazipur');
    expect(screen.getByLabelText('Sub-district')).toHaveValue('Kaliakair');
    expect(screen.getByTestId('registration-fee')).toHaveTextContent('Registration fee: BDT 299');
    for (const method of ['bKash', 'Nagad', 'Rocket']) {
      expect(screen.getByRole('radio', { name: new RegExp(`${method} number: 01XXXXXXXXX`) })).toBeVisible();
    }
  });

  it('the place cascade clears and disables what lies below a new choice', async () => {
    const user = userEvent.setup();
    renderPage({}, null);
    expect(screen.getByLabelText('District')).toBeDisabled();
    expect(screen.getByLabelText('Sub-district')).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Division'), 'Dhaka');
    await user.selectOptions(screen.getByLabelText('District'), 'Gazipur');
    await user.selectOptions(screen.getByLabelText('Sub-district'), 'Kaliakair');
    await user.selectOptions(screen.getByLabelText('Division'), 'Sylhet');
    expect(screen.getByLabelText('District')).toHaveValue('');
    expect(screen.getByLabelText('Sub-district')).toBeDisabled();
  });

  it('validates with the shared schema in the browser: nothing is sent while fields are wrong', async () => {
    const api = stubApi({});
    const user = userEvent.setup();
    renderPage({}, null);
    await user.click(screen.getByRole('button', { name: 'Submit Registration' }));
    expect(await screen.findByText('Please choose a class from 6 to 12.')).toBeVisible();
    expect(screen.getByText('Please choose a T-shirt size.')).toBeVisible();
    expect(screen.getByText('Please choose bKash, Nagad or Rocket.')).toBeVisible();
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription('This field is required.');
    expect(api.calls).toHaveLength(0);
  });

  it('submits, stores status, date and category, and goes to the completion page', async () => {
    const api = stubApi({
      'POST /api/v1/ngso-1/registration': created,
      'GET /api/v1/ngso-1/registration/status': {
        body: {
          status: 'success',
          category: 'senior',
          registration_date: '2024-12-01T10:00:00.000Z',
          admit_card_url: null,
          exam_details: null,
          data: {
            registration_status: 'pending',
            registration_date: '2024-12-01T10:00:00.000Z',
            admit_card_url: null,
            exam_details: null,
            rejection_reason: null,
          },
        },
      },
    });
    const user = userEvent.setup();
    const { store } = renderPage();
    await fillRest(user);
    await user.click(screen.getByRole('button', { name: 'Submit Registration' }));
    expect(await screen.findByText('Complete page')).toBeVisible();
    const post = api.calls.find((call) => call.method === 'POST');
    expect(await post?.json()).toEqual({
      name: 'Ayesha Rahman',
      institution: 'Dhaka College',
      class: 9,
      division: 'Dhaka',
      district: 'Gazipur',
      sub_district: 'Kaliakair',
      guardian_name: 'Rahim Uddin',
      guardian_phone: '01812345678',
      tshirt_size: 'M',
      pickup_spot: 'own',
      payment_method: 'bkash',
      payment_sender: '01912345678',
      transaction_id: '8N7A6D5B4C',
    });
    expect(store.getState().registration).toMatchObject({
      registrationStatus: 'pending',
      registration_date: '2024-12-01T10:00:00.000Z',
      category: 'senior',
      registrationStatusInitialized: true,
    });
  });

  it('the submit button is disabled with a spinner while the call is pending', async () => {
    let answer: (value: typeof created) => void = () => {};
    stubApi({ 'POST /api/v1/ngso-1/registration': () => new Promise((resolve) => (answer = resolve)) });
    const user = userEvent.setup();
    renderPage();
    await fillRest(user);
    await user.click(screen.getByRole('button', { name: 'Submit Registration' }));
    const pending = await screen.findByRole('button', { name: 'Submitting...' });
    expect(pending).toBeDisabled();
    expect(pending).toHaveAttribute('aria-busy', 'true');
    answer({ status: 403, body: { status: 'error', message: 'Not eligible.' } } as never);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit Registration' })).toBeEnabled());
  });

  it("shows the server's eligibility sentence (403) prominently", async () => {
    const sentence =
      'We found no Online Selection Round result for ayesha@example.com. Only those who took the Online Selection Round may register for the Final Round, using the same e-mail as in that round.';
    stubApi({
      'POST /api/v1/ngso-1/registration': { status: 403, body: { status: 'error', message: sentence } },
    });
    const user = userEvent.setup();
    renderPage();
    await fillRest(user);
    await user.click(screen.getByRole('button', { name: 'Submit Registration' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You cannot register for the final round');
    expect(screen.getByTestId('eligibility-message')).toHaveTextContent(sentence);
    await waitFor(() => expect(alert.parentElement).toHaveFocus());
  });

  it("puts the server's field errors beside their fields (a used transaction ID)", async () => {
    stubApi({
      'POST /api/v1/ngso-1/registration': {
        status: 409,
        body: {
          status: 'error',
          message: 'This transaction ID has already been used for a registration. Please check it.',
          errors: {
            transaction_id: [
              'This transaction ID has already been used for a registration. Please check it.',
            ],
          },
        },
      },
    });
    const user = userEvent.setup();
    renderPage();
    await fillRest(user);
    await user.click(screen.getByRole('button', { name: 'Submit Registration' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Transaction ID')).toHaveAccessibleDescription(
        expect.stringContaining('This transaction ID has already been used'),
      ),
    );
    expect(screen.getByLabelText('Transaction ID')).toHaveFocus();
  });

  it('pending or approved: says so instead of showing the form', () => {
    renderPage({ registrationStatus: 'pending' });
    expect(
      screen.getByText('You have already registered. Your registration is pending verification.'),
    ).toBeVisible();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Profile' })).toHaveAttribute('href', '/profile');
  });

  it('rejected: shows the reason and the stored form to correct and resubmit', async () => {
    stubApi({
      'GET /api/v1/ngso-1/registration': {
        body: {
          status: 'success',
          data: {
            name: 'Ayesha R.',
            institution: 'Viqarunnisa Noon School',
            class: 11,
            division: 'Dhaka',
            district: 'Dhaka',
            sub_district: 'Savar',
            guardian_name: 'Rahim Uddin',
            guardian_phone: '01812345678',
            tshirt_size: 'S',
            pickup_spot: 'own',
            payment_method: 'nagad',
            payment_sender: '01912345678',
            transaction_id: 'ABC123456',
          },
        },
      },
    });
    renderPage({ registrationStatus: 'rejected', rejectionReason: 'The payment was not found.' });
    expect(await screen.findByLabelText('Full name')).toHaveValue('Ayesha R.');
    expect(screen.getByText('Reason: The payment was not found.')).toBeVisible();
    expect(screen.getByLabelText('Transaction ID')).toHaveValue('ABC123456');
    expect(screen.getByRole('radio', { name: /Nagad/ })).toBeChecked();
    expect(screen.getByTestId('registration-category')).toHaveTextContent('Secondary (grades 11-12)');
    expect(screen.getByRole('button', { name: 'Resubmit Registration' })).toBeEnabled();
  });
});
