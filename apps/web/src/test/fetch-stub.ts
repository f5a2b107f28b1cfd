import { vi } from 'vitest';

type Reply = { status?: number; body: unknown };
type Handler = (request: Request) => Reply | Promise<Reply>;

/**
 * Replaces fetch with answers keyed by 'METHOD /api/v1/path'. Unknown calls fail the test.
 * Returns the requests made, for assertions.
 */
export function stubApi(handlers: Record<string, Handler | Reply>) {
  const calls: Request[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    calls.push(request);
    const key = `${request.method} ${new URL(request.url).pathname}`;
    const handler = handlers[key];
    if (!handler) throw new Error(`Unexpected call in a test: ${key}`);
    const reply = typeof handler === 'function' ? await handler(request.clone()) : handler;
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { calls, keys: () => calls.map((call) => `${call.method} ${new URL(call.url).pathname}`) };
}

export const testUser = {
  id: 'u1',
  name: 'Ayesha Rahman',
  email: 'ayesha@example.com',
  number: '01712345678',
  profile_image: null,
  role: 'student' as const,
  email_verified: true,
};

export const testProfile = {
  ...testUser,
  phone_number: '01712345678',
  institution: null,
  division: null,
  district: null,
  sub_district: null,
  created_at: '2024-11-01T10:00:00.000Z',
};

/** GET registration/status for an approved junior finalist (the exam pages' tests). */
export const approvedRegistrationStatus = {
  status: 'success',
  category: 'junior',
  registration_date: null,
  admit_card_url: null,
  exam_details: null,
  data: {
    registration_status: 'approved',
    registration_date: null,
    admit_card_url: null,
    exam_details: null,
  },
};
