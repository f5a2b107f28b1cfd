import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionEnded } from '../../../lib/session-events.ts';
import { stubApi, testUser } from '../../../test/fetch-stub.ts';
import { renderWithStore, signedInAuth } from '../../../test/render.tsx';
import { APPROVAL_KEY } from '../remembered-approval.ts';
import { initialRegistrationState, type RegistrationState } from '../slice.ts';
import { retryDelayMs } from '../status-retry.ts';
import { FinalExamCard, RegistrationCard } from './registration-card.tsx';

const finalRound = {
  date: 'December 26, 2024',
  reporting_time: '8:30 AM',
  time: '10:00 AM to 1:00 PM',
  venue: 'University Central Auditorium',
  influencer_Session: '2:00 PM',
  departure: 'Farmgate, 7:00 AM',
};
const examDetails = {
  ...finalRound,
  online_exam_date: 'December 20, 2025',
  online_exam_time: '3:00 PM to 4:00 PM',
  online_exam_starts_at: '2025-12-20T15:00:00+06:00',
  online_exam_ends_at: '2025-12-20T16:00:00+06:00',
};

function renderCard(registration: Partial<RegistrationState>, email = 'ayesha@example.com') {
  return renderWithStore(
    <>
      <RegistrationCard email={email} />
      <FinalExamCard />
    </>,
    { registration: { ...initialRegistrationState, registrationStatusInitialized: true, ...registration } },
  );
}

describe('RegistrationCard', () => {
  it('not registered: a Register Now card with the benefits and the BDT 299 fee', () => {
    renderCard({ registrationStatus: null });
    const card = screen.getByTestId('registration-card');
    expect(within(card).getByRole('link', { name: 'Register Now' })).toHaveAttribute(
      'href',
      '/national-round-registration',
    );
    const benefits = within(screen.getByTestId('registration-benefits')).getAllByRole('listitem');
    expect(benefits.map((item) => item.textContent)).toEqual([
      'An ebook',
      'Discount codes at shops',
      'A Future Scientist Award for the top 3',
      '100K prize money split among 50 winners',
      'Free transport from selected spots',
      'A hard-copy finalist certificate',
      'Snacks and drinks',
      'Surprise gifts',
      'Entry to a science discussion episode',
      'Scientific games with influencers',
    ]);
    expect(screen.getByTestId('registration-fee-section')).toHaveTextContent('BDT 299');
    expect(screen.queryByTestId('final-exam-card')).not.toBeInTheDocument();
  });

  it("pending: 'Registration Pending Verification' and the spec's sentence", () => {
    renderCard({ registrationStatus: 'pending', category: 'senior' });
    const card = screen.getByTestId('registration-card');
    expect(within(card).getByRole('heading', { level: 2 })).toHaveTextContent(
      /^Registration Pending Verification$/,
    );
    expect(card).toHaveTextContent("We're reviewing your payment details. This usually takes 24 hours.");
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByTestId('final-exam-card')).not.toBeInTheDocument();
  });

  it("approved: 'Registration Approved!', venue and schedule, what to bring, the admit card and the exam card", () => {
    renderCard({
      registrationStatus: 'approved',
      category: 'junior',
      examDetails,
      admitCard: '/api/v1/ngso-1/admit-card',
    });
    const card = screen.getByTestId('registration-card');
    expect(within(card).getByRole('heading', { level: 2 })).toHaveTextContent(/^Registration Approved!$/);
    const details = screen.getByTestId('exam-details');
    for (const value of Object.values(finalRound)) expect(details).toHaveTextContent(value);
    expect(screen.getByTestId('online-exam-slot')).toHaveTextContent(
      /^December 20, 2025, 3:00 PM to 4:00 PM$/,
    );
    expect(card).toHaveTextContent('A ballpoint pen');
    expect(card).toHaveTextContent('Your admit card');
    expect(card).toHaveTextContent('Calculators are not allowed.');
    expect(card).toHaveTextContent('Extra information');
    const download = within(card).getByRole('link', { name: 'Download Admit Card' });
    expect(download).toHaveAttribute('href', '/api/v1/ngso-1/admit-card');
    expect(download).toHaveAttribute('download', 'final_round_admit_card.pdf');
    const exam = screen.getByTestId('final-exam-card');
    expect(within(exam).getByRole('link', { name: 'Start Final Exam' })).toHaveAttribute(
      'href',
      '/final-exam',
    );
  });

  it('approved without details yet: the schedule says to be announced', () => {
    renderCard({ registrationStatus: 'approved', examDetails: null, admitCard: null });
    expect(screen.getByTestId('exam-details')).toHaveTextContent('To be announced');
    expect(screen.getByTestId('online-exam-slot')).toHaveTextContent(/^To be announced$/);
    expect(screen.queryByRole('link', { name: 'Download Admit Card' })).not.toBeInTheDocument();
  });

  it('rejected: the reason and a way to correct and resubmit', () => {
    renderCard({ registrationStatus: 'rejected', rejectionReason: 'The transaction ID was not found.' });
    expect(screen.getByTestId('rejection-reason')).toHaveTextContent(
      'Reason: The transaction ID was not found.',
    );
    expect(screen.getByRole('link', { name: 'Correct and Resubmit' })).toHaveAttribute(
      'href',
      '/national-round-registration',
    );
    expect(screen.queryByTestId('final-exam-card')).not.toBeInTheDocument();
  });

  it('any other value shows nothing', () => {
    const { container } = renderCard({
      registrationStatus: 'cancelled' as unknown as RegistrationState['registrationStatus'],
    });
    expect(container).toBeEmptyDOMElement();
  });
});

describe('Check preliminary result', () => {
  it("shows score, total, category and whether the student qualified, for the user's own e-mail", async () => {
    const api = stubApi({
      'POST /api/v1/ngso-1/preliminary/result': {
        body: {
          status: 'success',
          data: {
            email: 'ayesha@example.com',
            name: 'Ayesha',
            category: 'senior',
            score: 42,
            total: 60,
            qualified: true,
          },
        },
      },
    });
    const user = userEvent.setup();
    renderCard({ registrationStatus: null });
    await user.click(screen.getByRole('button', { name: 'Check preliminary result' }));
    expect(await screen.findByTestId('prelim-score')).toHaveTextContent('42');
    expect(screen.getByTestId('prelim-total')).toHaveTextContent('60');
    expect(screen.getByTestId('prelim-category')).toHaveTextContent('Senior');
    expect(screen.getByTestId('prelim-qualified')).toHaveTextContent('Yes');
    expect(await api.calls[0]?.json()).toEqual({ email: 'ayesha@example.com' });
  });

  it('says in place when there is no result', async () => {
    stubApi({
      'POST /api/v1/ngso-1/preliminary/result': {
        status: 404,
        body: { status: 'error', message: 'No preliminary result was found for this email.' },
      },
    });
    const user = userEvent.setup();
    renderCard({ registrationStatus: null });
    await user.click(screen.getByRole('button', { name: 'Check preliminary result' }));
    expect(await screen.findByTestId('prelim-not-found')).toHaveTextContent(
      /^No preliminary result was found for this email\.$/,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a real failure shows the generic error and can be tried again', async () => {
    let fail = true;
    stubApi({
      'POST /api/v1/ngso-1/preliminary/result': () =>
        fail
          ? { status: 500, body: { status: 'error', message: 'Something went wrong.' } }
          : {
              body: {
                status: 'success',
                data: {
                  email: 'a@b.c',
                  name: 'A',
                  category: 'junior',
                  score: 10,
                  total: 60,
                  qualified: false,
                },
              },
            },
    });
    const user = userEvent.setup();
    renderCard({ registrationStatus: null });
    await user.click(screen.getByRole('button', { name: 'Check preliminary result' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred while fetching user details. Please try again.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('prelim-qualified')).toHaveTextContent('No');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

const approvedStatus = {
  status: 'success',
  category: 'junior',
  registration_date: '2024-12-01T10:00:00+06:00',
  admit_card_url: '/api/v1/ngso-1/admit-card',
  exam_details: { ...examDetails },
  data: {
    registration_status: 'approved',
    registration_date: '2024-12-01T10:00:00+06:00',
    admit_card_url: '/api/v1/ngso-1/admit-card',
    exam_details: { ...examDetails },
    rejection_reason: null,
  },
};
const serverDown = { status: 503, body: { status: 'error', message: 'Something went wrong.' } };

/** The card and the exam card for the signed-in test user, before the status is known. */
function renderUnknown(registration: Partial<RegistrationState> = {}) {
  return renderWithStore(
    <>
      <RegistrationCard />
      <FinalExamCard />
    </>,
    { auth: signedInAuth, registration: { ...initialRegistrationState, ...registration } },
  );
}

describe('RegistrationCard before the status is known', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('loading: says so, and offers neither Register Now nor the exam', () => {
    renderUnknown({ statusLoading: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your registration status…');
    expect(screen.queryByRole('link', { name: 'Register Now' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('final-exam-card')).not.toBeInTheDocument();
  });

  it('a failed call is not "not registered": it says so, and Try again shows the status', async () => {
    const api = stubApi({ 'GET /api/v1/ngso-1/registration/status': { body: approvedStatus } });
    const user = userEvent.setup();
    renderUnknown({ statusFailures: 1 });
    expect(screen.getByRole('alert')).toHaveTextContent('Your registration status could not be loaded.');
    expect(screen.queryByRole('link', { name: 'Register Now' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('final-exam-card')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Registration Approved!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Final Exam' })).toHaveAttribute('href', '/final-exam');
    expect(api.keys()).toEqual(['GET /api/v1/ngso-1/registration/status']);
  });

  it('asks again on its own, waiting longer after each failure', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined); // the failed call is logged
    let answers = 0;
    const api = stubApi({
      'GET /api/v1/ngso-1/registration/status': () => {
        answers += 1;
        return answers < 2 ? serverDown : { body: approvedStatus };
      },
    });
    vi.spyOn(Math, 'random').mockReturnValue(0.5); // the spread's middle: 2 s, then 4 s
    const { store } = renderUnknown({ statusFailures: 1 });
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(api.calls).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1_200));
    expect(api.calls).toHaveLength(1);
    await vi.waitFor(() => expect(store.getState().registration.statusFailures).toBe(2));
    // Twice as long before the next one (the clock also moves with real time here: wide margins).
    await act(() => vi.advanceTimersByTimeAsync(2_400));
    expect(api.calls).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(api.calls).toHaveLength(2);
    expect(await screen.findByRole('heading', { name: 'Registration Approved!' })).toBeInTheDocument();
  });

  it('the exam stays reachable for a student this device saw approved, and only for that student', () => {
    localStorage.setItem(APPROVAL_KEY, testUser.id);
    renderUnknown({ statusFailures: 1 });
    expect(screen.getByTestId('registration-card')).toHaveTextContent(
      'This phone saw your registration approved earlier',
    );
    expect(
      within(screen.getByTestId('final-exam-card')).getByRole('link', { name: 'Start Final Exam' }),
    ).toHaveAttribute('href', '/final-exam');
  });

  it('another account on the same phone does not inherit the approval', () => {
    localStorage.setItem(APPROVAL_KEY, 'someone-else');
    renderUnknown({ statusFailures: 1 });
    expect(screen.queryByTestId('final-exam-card')).not.toBeInTheDocument();
  });
});

describe('the remembered approval', () => {
  it('is written when the server says approved, and forgotten at sign-out or when no longer approved', async () => {
    stubApi({ 'GET /api/v1/ngso-1/registration/status': { body: approvedStatus } });
    const { store } = renderUnknown({ statusFailures: 1 });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'Registration Approved!' });
    expect(localStorage.getItem(APPROVAL_KEY)).toBe(testUser.id);

    act(() => {
      store.dispatch(sessionEnded());
    });
    expect(localStorage.getItem(APPROVAL_KEY)).toBeNull();
  });

  it('a status other than approved clears it', () => {
    localStorage.setItem(APPROVAL_KEY, testUser.id);
    renderCard({ registrationStatus: 'rejected' });
    expect(localStorage.getItem(APPROVAL_KEY)).toBeNull();
  });
});

describe('retryDelayMs', () => {
  it('doubles from about 2 s up to about a minute, spread by a quarter either way', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => retryDelayMs(n, middle))).toEqual([
      2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
    expect(retryDelayMs(1, () => 0)).toBe(1_500);
    expect(retryDelayMs(1, () => 1)).toBe(2_500);
  });
});
