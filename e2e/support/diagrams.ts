import { type APIRequestContext, expect } from '@playwright/test';
import sharp from 'sharp';
import type { ExamCategory } from './exam-setup.ts';

/** A circuit as an organiser would draw it: white, with a black line and a box, 1600 × 900. */
export async function circuitDrawing() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900">
    <rect width="1600" height="900" fill="white"/>
    <rect x="200" y="200" width="1200" height="500" fill="none" stroke="black" stroke-width="12"/>
    <line x1="700" y1="150" x2="700" y2="250" stroke="black" stroke-width="12"/></svg>`;
  const buffer = await sharp(Buffer.from(svg)).png().toBuffer();
  return { name: 'circuit.png', mimeType: 'image/png', buffer };
}

type AdminQuestion = {
  id: string;
  marks: number;
  position: number;
  questionEnglish: string;
  questionBangla: string;
};

/**
 * Gives a question the circuit as its one diagram, as an organiser does in the editor (uploaded, then named
 * by the question's save; with no marker in its text it shows below it). Returns the diagram's address at a
 * phone's size, as students get it.
 */
export async function addCircuitDiagram(
  admin: APIRequestContext,
  category: ExamCategory,
  questionId: string,
): Promise<string> {
  const upload = await admin.post('/api/v1/admin/question-images', {
    multipart: { file: await circuitDrawing() },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const diagram = ((await upload.json()) as { data: { id: string; url: string } }).data;
  const listed = await admin.get('/api/v1/admin/questions', { params: { category } });
  const question = ((await listed.json()) as { data: AdminQuestion[] }).data.find((q) => q.id === questionId);
  if (!question) throw new Error(`question ${questionId} is in the ${category} exam`);
  const saved = await admin.put(`/api/v1/admin/questions/${questionId}`, {
    data: {
      category,
      marks: question.marks,
      position: question.position,
      questionEnglish: question.questionEnglish,
      questionBangla: question.questionBangla,
      images: [
        { id: diagram.id, alt_en: 'A cell and a resistor in a loop', alt_bn: 'একটি কোষ ও একটি রোধ একটি লুপে' },
      ],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return diagram.url;
}
