/**
 * The Bangla form of an English date-fns pattern: full month names (Bangla rarely abbreviates them), the
 * day before the month ('MMM d, yyyy' → 'd MMMM yyyy', ২৬ ডিসেম্বর ২০২৪) and the part of the day before the
 * time ('h:mm a' → 'B h:mm', সকাল ১০:৩০). Used with date-fns' `bn` locale, whose numbers are ASCII digits
 * (the caller writes them in Bangla digits). One rule for the web app and the server (admit card).
 */
export function banglaPattern(pattern: string): string {
  return pattern
    .replace(/(?<!M)MMM(?!M)/g, 'MMMM')
    .replace(/MMMM d, (y{4})/g, 'd MMMM $1')
    .replace(/MMMM d\b/g, 'd MMMM')
    .replace(/(h{1,2}(?::mm)?(?::ss)?) a/g, 'B $1');
}
