import type { Category } from '@ngso/shared/constants';
import { CLASS_LEVELS, categoryForClass } from '@ngso/shared/schemas/registration';

/** The category a class belongs to, or null while no valid class is chosen. */
export function categoryOfClass(value: unknown): Category | null {
  const level = typeof value === 'string' ? Number(value) : value;
  if (typeof level !== 'number' || !CLASS_LEVELS.some((candidate) => candidate === level)) return null;
  return categoryForClass(level);
}

/** i18n keys of a category with its grades, e.g. 'Senior (grades 9-10)'. */
export const CATEGORY_WITH_GRADES = {
  junior: 'category.junior',
  senior: 'category.senior',
  secondary: 'category.secondary',
} as const satisfies Record<Category, string>;

/** i18n keys of a category's name alone, e.g. 'Senior'. */
export const CATEGORY_NAME = {
  junior: 'categoryName.junior',
  senior: 'categoryName.senior',
  secondary: 'categoryName.secondary',
} as const satisfies Record<Category, string>;
