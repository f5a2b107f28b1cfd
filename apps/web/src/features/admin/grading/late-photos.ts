import type { AdminLatePhoto } from '@ngso/shared/schemas/results';

export type DurationParts =
  | { unit: 'seconds'; seconds: number }
  | { unit: 'minutes'; minutes: number; seconds: number }
  | { unit: 'hours'; hours: number; minutes: number };

/** A length of time as the console writes it: seconds, minutes and seconds, or hours and minutes. */
export function durationParts(ms: number): DurationParts {
  const total = Math.round(Math.abs(ms) / 1000);
  if (total < 60) return { unit: 'seconds', seconds: total };
  if (total < 3600) return { unit: 'minutes', minutes: Math.floor(total / 60), seconds: total % 60 };
  return { unit: 'hours', hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60) };
}

/**
 * How late a photo is: when the server received it after the student's end, and when the phone says it
 * was taken relative to that end (negative: before it), in milliseconds; null without the phone's time.
 */
export function latenessOf(photo: Pick<AdminLatePhoto, 'received_at' | 'ends_at' | 'taken_at'>) {
  const end = Date.parse(photo.ends_at);
  return {
    receivedAfter: Date.parse(photo.received_at) - end,
    takenAfter: photo.taken_at === null ? null : Date.parse(photo.taken_at) - end,
  };
}
