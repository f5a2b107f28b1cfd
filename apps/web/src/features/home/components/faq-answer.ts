export type AnswerBlock = { kind: 'paragraph'; text: string } | { kind: 'bullets'; items: string[] };

/**
 * An FAQ answer as blocks (spec section 2): a line beginning with '- ' is a bullet (consecutive bullets
 * form one list); every other non-empty line is a paragraph.
 */
export function answerBlocks(answer: string): AnswerBlock[] {
  const blocks: AnswerBlock[] = [];
  for (const raw of answer.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (raw.trimStart().startsWith('- ')) {
      const item = raw.trimStart().slice(2).trim();
      const last = blocks[blocks.length - 1];
      if (last?.kind === 'bullets') last.items.push(item);
      else blocks.push({ kind: 'bullets', items: [item] });
    } else {
      blocks.push({ kind: 'paragraph', text: line });
    }
  }
  return blocks;
}
