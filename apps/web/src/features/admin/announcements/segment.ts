import { CATEGORIES } from '@ngso/shared/constants';
import { DIVISIONS } from '@ngso/shared/geography';
import { OWN_TRANSPORT, PICKUP_SPOTS } from '@ngso/shared/pickup-spots';
import type { AnnouncementSegment, SEGMENT_KINDS } from '@ngso/shared/schemas/announcements';
import { REGISTRATION_STATUSES } from '@ngso/shared/schemas/registration';

export type SegmentKind = (typeof SEGMENT_KINDS)[number];

/** What the form holds: the kind of segment and, except for everyone, the value chosen. */
export type SegmentDraft = { kind: SegmentKind | ''; value: string };

/** The values each kind of segment offers (the first select chooses the kind, the second the value). */
export function segmentValues(kind: SegmentKind | ''): readonly string[] {
  switch (kind) {
    case 'category':
      return CATEGORIES;
    case 'status':
      return REGISTRATION_STATUSES;
    case 'division':
      return DIVISIONS.map((division) => division.name);
    case 'pickup':
      return [...PICKUP_SPOTS.map((spot) => spot.name), OWN_TRANSPORT];
    default:
      return [];
  }
}

/** The segment to send, or null while the form is not complete (no kind, or no value for it). */
export function segmentOf(draft: SegmentDraft): AnnouncementSegment | null {
  const { kind, value } = draft;
  if (kind === 'everyone') return { kind };
  if (!value || !segmentValues(kind).includes(value)) return null;
  switch (kind) {
    case 'category':
      return { kind, category: value as (typeof CATEGORIES)[number] };
    case 'status':
      return { kind, status: value as (typeof REGISTRATION_STATUSES)[number] };
    case 'division':
      return { kind, division: value };
    case 'pickup':
      return { kind, pickup_spot: value };
    default:
      return null;
  }
}

/** The segment's value, for the list's description (the kind's label comes from the texts). */
export function segmentValue(segment: AnnouncementSegment): string | null {
  switch (segment.kind) {
    case 'everyone':
      return null;
    case 'category':
      return segment.category;
    case 'status':
      return segment.status;
    case 'division':
      return segment.division;
    case 'pickup':
      return segment.pickup_spot;
  }
}

/** How long the mails take at the rate: whole minutes, at least one. */
export const minutesToSend = (recipients: number, perMinute: number) =>
  Math.max(1, Math.ceil(recipients / Math.max(1, perMinute)));
