import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/fetch-stub.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { initialRegistrationState, type RegistrationState } from '../slice.ts';
import { FinalExamCard, RegistrationCard } from './registration-card.tsx';

const examDetails = {
  date: 'December 26, 2024',
  reporting_time: '8:30 AM',
  time: '10:00 AM to 1:00 PM',
  venue: 'University Central Auditorium',
  influencer_Session: '2:00 PM',
  departure: 'Farmgate, 7:00 AM',
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
    for (const value of Object.values(examDetails)) expect(details).toHaveTextContent(value);
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
