import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { faq } from '../../../content/faq.ts';
import type { FaqItem } from '../../../content/schemas.ts';
import { FaqAccordion } from './faq-accordion.tsx';
import { answerBlocks } from './faq-answer.ts';

const items: FaqItem[] = [
  { id: 'a', question: { en: 'First question?' }, answer: { en: 'First answer.' } },
  {
    id: 'b',
    question: { en: 'Second question?' },
    answer: { en: 'Intro line.\n- one\n- two\nClosing line.' },
  },
  { id: 'c', question: { en: 'Third question?' }, answer: { en: 'Third answer.' } },
];

const question = (name: string) => screen.getByRole('button', { name });

describe('FAQ answers', () => {
  it("makes lines starting '- ' bullets and every other line a paragraph", () => {
    expect(answerBlocks('Intro line.\n- one\n- two\nClosing line.\n\n- three')).toEqual([
      { kind: 'paragraph', text: 'Intro line.' },
      { kind: 'bullets', items: ['one', 'two'] },
      { kind: 'paragraph', text: 'Closing line.' },
      { kind: 'bullets', items: ['three'] },
    ]);
    // A dash without a space is text, not a bullet.
    expect(answerBlocks('-5 degrees')).toEqual([{ kind: 'paragraph', text: '-5 degrees' }]);
  });

  it('renders bullets as a list and paragraphs as paragraphs', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion items={items} />);
    await user.click(question('Second question?'));
    const panel = screen.getByRole('region', { name: 'Second question?' });
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['one', 'two']);
    const paragraphs = Array.from(panel.querySelectorAll(':scope > p')).map((p) => p.textContent);
    expect(paragraphs).toEqual(['Intro line.', 'Closing line.']);
  });
});

describe('FAQ accordion', () => {
  it('starts with nothing open', () => {
    render(<FaqAccordion items={items} />);
    for (const name of ['First question?', 'Second question?', 'Third question?']) {
      expect(question(name)).toHaveAttribute('aria-expanded', 'false');
    }
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('opens one question at a time, and clicking the open one closes it', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion items={items} />);

    await user.click(question('First question?'));
    expect(question('First question?')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'First question?' })).toHaveTextContent('First answer.');

    await user.click(question('Third question?'));
    expect(question('First question?')).toHaveAttribute('aria-expanded', 'false');
    expect(question('Third question?')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('region')).toHaveLength(1);

    await user.click(question('Third question?'));
    expect(question('Third question?')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('is keyboard operable', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion items={items} />);
    await user.tab();
    expect(question('First question?')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(question('First question?')).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows the site FAQ with the spec facts', () => {
    render(<FaqAccordion items={faq} />);
    expect(screen.getAllByRole('button')).toHaveLength(faq.length);
    const text = faq.map((item) => item.answer.en).join('\n');
    for (const fact of [
      '299 Taka',
      '26 and 27 December 2024',
      '100,000 Taka',
      'ballpoint pen',
      'Calculators',
    ]) {
      expect(text).toContain(fact);
    }
  });
});
