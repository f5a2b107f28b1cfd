import {
  AdminAnnouncementResponseSchema,
  AdminAnnouncementsResponseSchema,
  AnnouncementInputSchema,
  AnnouncementPreviewResponseSchema,
  AnnouncementPreviewSchema,
  AnnouncementsResponseSchema,
} from '@ngso/shared/schemas/announcements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CompetitionQuerySchema, errorResponses } from '../../lib/route-schemas.ts';
import { signedIn } from '../auth/session-plugin.ts';
import {
  listAnnouncements,
  ownAnnouncements,
  previewSegment,
  readAnnouncement,
  sendAnnouncement,
} from './announcements.service.ts';

/** A student's notices (decision 032): their own only, unread first, and marking one read. */
export const announcementsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/announcements',
    {
      schema: {
        tags: ['profile'],
        summary: "The signed-in student's notices from the organisers, unread first",
        response: { 200: AnnouncementsResponseSchema, ...errorResponses(401) },
      },
      preValidation: app.requireUser,
    },
    async (request) => ({
      status: 'success' as const,
      data: await ownAnnouncements(app.services, signedIn(request).user),
    }),
  );

  app.post(
    '/v1/announcements/:id/read',
    {
      schema: {
        tags: ['profile'],
        summary: 'Mark one of the signed-in student’s notices read (another’s is 404)',
        params: z.object({ id: z.string().max(64) }),
        response: {
          200: z.object({ status: z.literal('success'), data: z.object({ read_at: z.string().nullable() }) }),
          ...errorResponses(401, 403, 404),
        },
      },
      preValidation: app.requireUser,
    },
    async (request) => ({
      status: 'success' as const,
      data: { read_at: await readAnnouncement(app.services, signedIn(request).user, request.params.id) },
    }),
  );
};

/** Organisers' notices: preview a segment's count, send (through the outbox, at a rate), and follow delivery. */
export const adminAnnouncementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.requireRole('admin');
  const errors = errorResponses(401, 403, 404, 422);

  app.get(
    '/v1/admin/announcements',
    {
      schema: {
        tags: ['admin'],
        summary: 'Sent notices, newest first, each with its mails delivered, failed and pending',
        querystring: CompetitionQuerySchema,
        response: { 200: AdminAnnouncementsResponseSchema, ...errors },
      },
      preValidation: admin,
    },
    async (request) => ({
      status: 'success' as const,
      data: await listAnnouncements(app.services, request.query.competition),
    }),
  );

  app.post(
    '/v1/admin/announcements/preview',
    {
      schema: {
        tags: ['admin'],
        summary: 'How many students a segment reaches now (nothing is sent)',
        querystring: CompetitionQuerySchema,
        body: AnnouncementPreviewSchema,
        response: { 200: AnnouncementPreviewResponseSchema, ...errors },
      },
      preValidation: admin,
    },
    async (request) => ({
      status: 'success' as const,
      data: {
        recipients: await previewSegment(app.services, request.query.competition, request.body.segment),
      },
    }),
  );

  app.post(
    '/v1/admin/announcements',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Send a notice (English and Bangla) to a segment: its recipients and their mails are written at once, ' +
          'the mails go out through the outbox at the rate given',
        querystring: CompetitionQuerySchema,
        body: AnnouncementInputSchema,
        response: { 201: AdminAnnouncementResponseSchema, ...errors },
      },
      preValidation: admin,
    },
    async (request, reply) => {
      reply.status(201);
      return {
        status: 'success' as const,
        data: await sendAnnouncement(
          app.services,
          signedIn(request).user,
          request.query.competition,
          request.body,
        ),
      };
    },
  );
};
