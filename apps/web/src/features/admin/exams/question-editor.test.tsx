import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi, testUser } from '../../../test/fetch-stub.ts';
import { renderWithStore, signedInAuth } from '../../../test/render.tsx';
import { QuestionEditor } from './question-editor.tsx';

const admin = { ...testUser, id: 'a1', role: 'admin' as const };

/** The server's preview: `\broken` is refused on its field as the API does; anything else comes back as HTML. */
function stub() {
  const previews: { questionEnglish: string; questionBangla: string }[] = [];
  stubApi({
    'GET /api/v1/admin/questions': { body: { status: 'success', data: [] } },
    'POST /api/v1/admin/questions/preview': async (request) => {
      const body = (await request.json()) as { questionEnglish: string; questionBangla: string };
      previews.push(body);
      if (body.questionEnglish.includes('\\broken')) {
        return {
          status: 422,
          body: {
            status: 'error',
            message: 'Some fields are not valid. Please correct them and try again.',
            errors: {
              questionEnglish: [
                'The formula at character 2 cannot be read: Unsupported function name: \\broken.',
              ],
            },
          },
        };
      }
      return {
        body: {
          status: 'success',
          data: {
            questionEnglishHtml: `<p>${body.questionEnglish} <math><msqrt><mn>2</mn></msqrt></math></p>`,
            questionBanglaHtml: `<p>${body.questionBangla}</p>`,
          },
        },
      };
    },
  });
  return previews;
}

describe('QuestionEditor', () => {
  it("previews both languages through the server's renderer, a moment after typing, at a phone's width", async () => {
    const previews = stub();
    renderWithStore(<QuestionEditor category="senior" />, { auth: { ...signedInAuth, user: admin } });
    fireEvent.click(await screen.findByRole('button', { name: 'Add a question' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a question' });
    fireEvent.change(within(dialog).getByLabelText('Question (English)'), { target: { value: 'Root' } });
    fireEvent.change(within(dialog).getByLabelText('Question (Bangla)'), { target: { value: 'মূল' } });
    const preview = within(dialog).getByTestId('question-preview');
    await waitFor(() => expect(preview.querySelector('[lang="en"] math msqrt')).not.toBeNull());
    expect(preview.querySelector('[lang="bn"]')).toHaveTextContent('মূল');
    expect(preview.querySelector('.w-\\[360px\\]')).not.toBeNull();
    // Typing fast asks once for the last text, not once per keystroke.
    expect(previews.at(-1)).toEqual({ questionEnglish: 'Root', questionBangla: 'মূল', diagrams: 0 });
    expect(previews.length).toBeLessThanOrEqual(2);
  });

  it("shows the server's refusal of a broken formula on the field, and clears it once the formula is right", async () => {
    stub();
    renderWithStore(<QuestionEditor category="senior" />, { auth: { ...signedInAuth, user: admin } });
    fireEvent.click(await screen.findByRole('button', { name: 'Add a question' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a question' });
    const english = within(dialog).getByLabelText('Question (English)');
    fireEvent.change(english, { target: { value: '$\\broken$' } });
    expect(
      await within(dialog).findByText(
        'The formula at character 2 cannot be read: Unsupported function name: \\broken.',
      ),
    ).toBeVisible();
    expect(english).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(english, { target: { value: '$\\sqrt{2}$' } });
    await waitFor(() => expect(within(dialog).queryByText(/cannot be read/)).not.toBeInTheDocument());
  });
});
