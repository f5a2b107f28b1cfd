import type { APIRequestContext } from '@playwright/test';
import { test as base, expect } from '@playwright/test';

/**
 * Every test fails on an unexpected console error or page error: a broken page often says so only there.
 * A test that expects one (a refused request logged by the browser) lists it in `allowedConsoleErrors`.
 */
export const test = base.extend<{ allowedConsoleErrors: RegExp[] }>({
  allowedConsoleErrors: [[], { option: true }],
  page: async ({ page, allowedConsoleErrors }, use) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      if (!allowedConsoleErrors.some((pattern) => pattern.test(text))) problems.push(text);
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await use(page);
    expect(problems, 'console errors on the page').toEqual([]);
  },
});

export { expect };

let counter = 0;
/** A new student with a unique e-mail. */
export function newStudent() {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    name: 'Nusrat Jahan',
    email: `nusrat.${id}@e2e.test`,
    password: 'Olymp1ad!pass',
    phone: '01712345678',
  };
}

/** A new student's account made through the API (which also signs `request` in); the student. */
export async function registeredStudent(request: APIRequestContext) {
  const student = newStudent();
  const registered = await request.post('/api/v1/register', {
    data: {
      name: student.name,
      email: student.email,
      password: student.password,
      phone_number: student.phone,
    },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(registered.ok()).toBe(true);
  return student;
}
