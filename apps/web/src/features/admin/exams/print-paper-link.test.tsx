import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithStore } from '../../../test/render.tsx';
import { chooseCompetition, DEFAULT_COMPETITION } from '../console/current-competition.ts';
import { PrintPaperLink } from './print-paper-link.tsx';

afterEach(() => chooseCompetition(DEFAULT_COMPETITION));

describe('the print question paper link', () => {
  it("downloads the category's paper of the competition being worked on", () => {
    renderWithStore(<PrintPaperLink category="senior" />);
    const link = screen.getByRole('link', { name: 'Print question paper' });
    expect(link.getAttribute('href')).toBe('/api/v1/admin/exams/senior/paper.pdf');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('names another competition when one is chosen', () => {
    chooseCompetition('ngso-2');
    renderWithStore(<PrintPaperLink category="junior" />);
    expect(screen.getByRole('link', { name: 'Print question paper' }).getAttribute('href')).toBe(
      '/api/v1/admin/exams/junior/paper.pdf?competition=ngso-2',
    );
  });
});
