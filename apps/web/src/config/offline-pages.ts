import { paths } from './paths.ts';

/**
 * The pages that open with no connection once visited (docs/decisions/060-offline-exam-pages.md): the
 * exam's own pages, each with the module of its route (src/app/routes/<module>.tsx). The service worker
 * precaches their code, texts and fonts and answers a navigation to them with the cached app shell.
 */
export const OFFLINE_PAGES = [
  { path: paths.examCountdown, module: 'exam-countdown' },
  { path: paths.finalExam, module: 'final-exam' },
  { path: paths.practiceExam, module: 'practice-exam' },
  { path: paths.submissionSuccess, module: 'submission-success' },
] as const;

/** The i18n namespaces those pages show (besides the chrome's core ones), in every language. */
export const OFFLINE_NAMESPACES = ['exam', 'messages'] as const;

/** A navigation to one of the offline pages (its path and query, as Workbox tests it). */
export const OFFLINE_NAVIGATION = new RegExp(
  `^(${OFFLINE_PAGES.map((page) => page.path.replace(/[-/]/g, '\\$&')).join('|')})/?(\\?.*)?$`,
);

/**
 * Questions' diagrams kept for an offline reload (docs/decisions/060-offline-exam-pages.md, amendment): the
 * service worker's runtime cache of `/api/v1/question-images/<id>/<size>`. Asked of the network first
 * (the server decides who may see a diagram whenever it can be asked), kept only from a 200, answered
 * from the cache only when the network fails.
 */
export const QUESTION_DIAGRAMS_CACHE = 'question-diagrams';
export const QUESTION_DIAGRAM_ADDRESS = /\/api\/v1\/question-images\/[^/?#]+\/(?:phone|zoom)$/;
