import { type APIRequestContext, expect, type Page } from '@playwright/test';
import {
  approveRegistrationOf,
  E2E_ADMIN,
  importPreliminaryResults,
  uniqueTransactionId,
  XHR,
} from './admin.ts';
import { newStudent } from './fixtures.ts';
import { verifyEmailThroughMail } from './mailbox.ts';
import { confirmSecondFactorInPage } from './second-factor.ts';

export type ExamCategory = 'junior' | 'senior' | 'secondary';

/** A class of each category (the server derives the category from the class). */
const CLASS_OF: Record<ExamCategory, number> = { junior: 7, senior: 9, secondary: 11 };

/** An instant as ISO 8601 in Asia/Dhaka (+06:00), as the admin calls take it. */
export function dhakaIso(ms: number): string {
  return new Date(ms + 6 * 3_600_000).toISOString().replace(/\.\d{3}Z$/, '+06:00');
}

/** Moves a category's exam window (admin call). */
export async function setExamWindow(
  admin: APIRequestContext,
  category: ExamCategory,
  startsAt: number,
  endsAt: number,
) {
  const response = await admin.put(`/api/v1/admin/exams/${category}`, {
    data: { starts_at: dhakaIso(startsAt), ends_at: dhakaIso(endsAt) },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * A student of `category` with a final-round registration, through the API as each side does it: account
 * (as the student, on `api`), qualified preliminary result (admin CSV import), registration form (as the
 * student, in Rajshahi unless `place` says otherwise): it waits, pending. Returns the student; `api` stays signed in.
 */
export async function registeredEntrant(
  api: APIRequestContext,
  admin: APIRequestContext,
  category: ExamCategory = 'junior',
  options: {
    pickupSpot?: string;
    place?: { division: string; district: string; sub_district: string };
  } = {},
) {
  const student = newStudent();
  const registered = await api.post('/api/v1/register', {
    data: {
      name: student.name,
      email: student.email,
      password: student.password,
      phone_number: student.phone,
    },
    headers: XHR,
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  await verifyEmailThroughMail(api, student.email);
  await importPreliminaryResults(admin, [
    { email: student.email, name: student.name, category, score: 48, total: 60, qualified: true },
  ]);
  const form = await api.post('/api/v1/ngso-1/registration', {
    headers: XHR,
    data: {
      name: student.name,
      institution: 'Rajshahi Collegiate School',
      class: CLASS_OF[category],
      ...(options.place ?? { division: 'Rajshahi', district: 'Bogura', sub_district: 'Adamdighi' }),
      guardian_name: 'Karim Rahman',
      guardian_phone: '01811111111',
      tshirt_size: 'M',
      pickup_spot: options.pickupSpot ?? 'own',
      payment_method: 'bkash',
      payment_sender: '01711111111',
      transaction_id: uniqueTransactionId(),
    },
  });
  expect(form.status(), await form.text()).toBe(201);
  return student;
}

/** A student whose final-round registration is approved (registeredEntrant, then the admin's approval). */
export async function approvedEntrant(
  api: APIRequestContext,
  admin: APIRequestContext,
  category: ExamCategory = 'junior',
  options: Parameters<typeof registeredEntrant>[3] = {},
) {
  const student = await registeredEntrant(api, admin, category, options);
  const rollNumber = await approveRegistrationOf(admin, student.email);
  return { student, rollNumber };
}

/** An approved student of `category` (approvedEntrant), then signed in through the login page of `page`. */
export async function approvedStudent(
  page: Page,
  admin: APIRequestContext,
  category: ExamCategory = 'junior',
  options: { pickupSpot?: string } = {},
) {
  const { student, rollNumber } = await approvedEntrant(page.request, admin, category, options);
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel('Email').fill(student.email);
  await page.getByLabel('Password', { exact: true }).fill(student.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  return { ...student, rollNumber };
}

/** The e2e admin signed in on `page` through the login page and the second factor, in the console's Exam page. */
export async function organiserOnExamPage(
  page: Page,
  server: { url: string; name: string },
  category: string,
) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('button', { name: 'Account menu for' }).click();
  await page.getByRole('menuitem', { name: "Organisers' console" }).click();
  await confirmSecondFactorInPage(page, server.name);
  await expect(page).toHaveURL(/\/admin$/);
  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: 'Exam' })
    .click();
  await page.getByRole('button', { name: category }).click();
}
