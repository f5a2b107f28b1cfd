import { type UploadedDiagram, UploadedDiagramResponseSchema } from '@ngso/shared/schemas/exam';
import { type SendOptions, sendConsoleFile } from '../console/send-file.ts';

/** Uploads a diagram for the question being edited; the question's save names it (with its texts). */
export const uploadDiagram = (file: File, options: SendOptions = {}): Promise<UploadedDiagram> =>
  sendConsoleFile(
    'v1/admin/question-images',
    file,
    (body) => {
      const parsed = UploadedDiagramResponseSchema.safeParse(body);
      return parsed.success ? parsed.data.data : undefined;
    },
    options,
  );
