import { ErrorResponseSchema } from '@ngso/shared/schemas/common';
import {
  PhotoResponseSchema,
  ProfileResponseSchema,
  ProfileUpdateSchema,
} from '@ngso/shared/schemas/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas.ts';
import { toPublicUser } from '../auth/auth.service.ts';
import { signedIn } from '../auth/session-plugin.ts';
import { readUpload } from '../media/read-upload.ts';
import { changePhoto, toProfileUser, updateProfile } from './profile.service.ts';

const errors = errorResponses(401, 422);

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/user/profile',
    {
      schema: {
        tags: ['profile'],
        summary: "The signed-in user's profile",
        response: { 200: ProfileResponseSchema, ...errors },
      },
      preValidation: app.requireUser,
    },
    async (request) => ({ status: 'success' as const, user: toProfileUser(signedIn(request).user) }),
  );

  app.put(
    '/v1/user/profile',
    {
      schema: {
        tags: ['profile'],
        summary: 'Change any of name, institution, phone number, division, district, sub-district',
        body: ProfileUpdateSchema,
        response: { 200: ProfileResponseSchema, ...errors },
      },
      preValidation: app.requireUser,
    },
    async (request) => {
      const user = await updateProfile(app.services, signedIn(request).user, request.body);
      return { status: 'success' as const, user: toProfileUser(user) };
    },
  );

  app.post(
    '/v1/user/profile/photo',
    {
      schema: {
        tags: ['profile'],
        summary: 'Change the profile photo (multipart field `file`)',
        consumes: ['multipart/form-data'],
        response: {
          200: PhotoResponseSchema,
          400: ErrorResponseSchema,
          403: ErrorResponseSchema,
          413: ErrorResponseSchema,
          415: ErrorResponseSchema,
          ...errors,
        },
      },
      preValidation: app.requireUser,
    },
    async (request) => {
      const read = () => readUpload(request, app.config.UPLOAD_MAX_MEGABYTES);
      const { profile_image } = toPublicUser(await changePhoto(app.services, signedIn(request).user, read));
      return { status: 'success' as const, user: { profile_image }, profile_image };
    },
  );
};
