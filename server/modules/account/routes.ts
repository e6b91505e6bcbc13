import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '@core/i18n-messages';
import {
  ApiKeySchema,
  LandingPageSchema,
  LOGO_MAX_BYTES,
  PasswordChangeSchema,
  PreferencesSchema,
  ProfileUpdateSchema,
  PublicLandingSchema,
} from '@core/schemas/account';
import { ProfileSchema } from '@core/schemas/auth';
import { dataOf, MessageSchema } from '@core/schemas/common';
import { authOf, loadAuthUser } from '../../lib/auth';
import { forbidden, invalid, notFound } from '../../lib/errors';
import { readMultipart } from '../../lib/upload';
import { toProfile } from '../agents/profile';
import { AccountService } from './service';

/** Profile, password, API key, theme, landing page and logo of the logged-in agent (account spec §7). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const account = new AccountService(app.db, app.files, app.tokens, app.mailer, app.config);

  const profileOf = async (userId: number) => {
    const user = await loadAuthUser(app.db, userId);
    if (!user) throw notFound();
    return { data: await toProfile(app.db, user) };
  };
  // Secrets are changed with a personal login only, never with an API key.
  const personal = (req: FastifyRequest) => {
    const auth = authOf(req);
    if (auth.via !== 'token') throw forbidden(MESSAGES.apiKeyOnlyWithLogin);
    return auth;
  };

  app.put('/agent/profile', { schema: { body: ProfileUpdateSchema, response: { 200: dataOf(ProfileSchema) } } }, async (req) => {
    const auth = authOf(req);
    await account.updateProfile(auth, req.body);
    return profileOf(auth.user.id);
  });

  app.patch('/password', { schema: { body: PasswordChangeSchema, response: { 200: MessageSchema } } }, async (req) => {
    const auth = personal(req);
    await account.changePassword(auth.user.id, auth.familyId, req.body.password, req.body.new_password);
    return { data: { message: MESSAGES.profileUpdated } };
  });

  // The new key is shown once: a replay of its Idempotency-Key gets it from a sealed answer (lib/idempotency.ts).
  app.post('/agent/service/api', { config: { idempotencyAnswer: 'sealed' }, schema: { response: { 200: dataOf(ApiKeySchema) } } }, async (req) => ({
    data: await account.createApiKey(personal(req).user.id),
  }));

  // A key can be switched off without minting another (personal login only, like creating one; docs/adr/0106-personal-api-keys.md).
  app.delete('/agent/service/api', { schema: { response: { 200: MessageSchema } } }, async (req) => {
    const revoked = await account.revokeApiKey(personal(req).user.id);
    return { data: { message: revoked ? MESSAGES.apiKeyRevoked : MESSAGES.apiKeyNone } };
  });

  app.put('/agent/preferences', { schema: { body: PreferencesSchema, response: { 200: dataOf(ProfileSchema) } } }, async (req) => {
    const { user } = authOf(req);
    await account.setPreferences(user.id, user.preferences, req.body);
    return profileOf(user.id);
  });

  app.get('/agent/landing', { schema: { response: { 200: dataOf(LandingPageSchema) } } }, async (req) => ({
    data: await account.getLanding(authOf(req).user.id),
  }));

  app.put('/agent/landing', { schema: { body: LandingPageSchema, response: { 200: dataOf(LandingPageSchema) } } }, async (req) => {
    const { user } = authOf(req);
    await account.setLanding(user.id, req.body);
    return { data: await account.getLanding(user.id) };
  });

  app.get(
    '/landing/:code',
    { config: { public: true }, schema: { params: z.object({ code: z.string().max(40) }), response: { 200: dataOf(PublicLandingSchema) } } },
    async (req) => ({ data: await account.publicLanding(req.params.code) }),
  );

  // Logos are shown in <img> tags (no auth headers) and are not secret: public, cached, versioned by ?v=.
  app.get(
    '/agent/logo/:code',
    { config: { public: true, docs: { produces: 'image/*' } }, schema: { params: z.object({ code: z.string().max(40) }) } },
    async (req, reply) => {
      const logo = await account.logoOf(req.params.code);
      if (!logo) throw notFound();
      return reply
        .header('Content-Type', logo.contentType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', 'inline')
        .header('Cache-Control', 'public, max-age=86400')
        .send(logo.data);
    },
  );

  app.delete(
    '/agent/logo',
    {
      config: { docs: { summary: 'Rimuove il logo: torna quello del portale (account spec §2, tema e logo)' } },
      schema: { response: { 200: dataOf(ProfileSchema) } },
    },
    async (req) => {
      const { user } = authOf(req);
      await account.removeLogo(user.id);
      return profileOf(user.id);
    },
  );

  // Multipart only where files are uploaded (encapsulated: other routes keep JSON only).
  await app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 1 } });
    scoped.post(
      '/agent/logo',
      {
        config: { docs: { summary: 'Carica il logo (png, jpg, gif, webp; meno di 2MB)', multipart: { logo: 'file' } } },
        schema: { response: { 200: dataOf(ProfileSchema) } },
      },
      async (req) => {
        const { user } = authOf(req);
        const form = await readMultipart(req, { maxBytes: LOGO_MAX_BYTES, maxFiles: 1, fileField: 'logo' });
        const file = form.files[0];
        if (!file) throw invalid({ logo: [MESSAGES.fileMissing] });
        await account.setLogo(user.id, file.data);
        return profileOf(user.id);
      },
    );
  });
};
