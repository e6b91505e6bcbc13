import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '@core/i18n-messages';
import { ActivateSchema, AcceptTermsSchema, ForgotPasswordSchema, LoginSchema, ResetPasswordSchema, SessionSchema, SsoLoginSchema } from '@core/schemas/auth';
import { dataOf, MessageSchema } from '@core/schemas/common';
import { authOf, loadAuthUser } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import { toProfile } from '../agents/profile';
import type { AuthService } from './service';
import type { TokenPair } from './tokens';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  // Reset mails go out after their answers: a closing server lets them finish first.
  app.addHook('onClose', () => auth.idle());
  if (!app.config.sso.enabled)
    app.log.warn('single sign-on is off: NODE_ENV=production with the demo SSO_ISSUER or SSO_SECRET (set both to your identity provider’s)');

  const session = async (userId: number, tokens: TokenPair) => {
    const user = await loadAuthUser(app.db, userId);
    if (!user) throw notFound();
    return { data: { ...tokens, user: await toProfile(app.db, user) } };
  };

  app.post('/login', { config: { public: true }, schema: { body: LoginSchema, response: { 200: dataOf(SessionSchema) } } }, async (req) => {
    const { userId, tokens } = await auth.login(req.body.email, req.body.password, req.ip);
    return session(userId, tokens);
  });

  app.post('/logout', { config: { beforeTerms: true }, schema: { response: { 200: MessageSchema } } }, async (req) => {
    await auth.logout(authOf(req).familyId);
    return { data: { message: 'Disconnessione avvenuta' } };
  });

  app.get(
    '/account/activate/:token',
    { config: { public: true }, schema: { params: z.object({ token: z.string().max(200) }), response: { 200: dataOf(z.object({ email: z.string() })) } } },
    async (req) => ({ data: await auth.checkActivation(req.params.token) }),
  );

  app.post('/account/activate', { config: { public: true }, schema: { body: ActivateSchema, response: { 200: dataOf(SessionSchema) } } }, async (req) => {
    const { userId, tokens } = await auth.activate(req.body.token, req.body.password);
    return session(userId, tokens);
  });

  app.post('/account/password/forgot', { config: { public: true }, schema: { body: ForgotPasswordSchema, response: { 200: MessageSchema } } }, async (req) => {
    auth.forgotPassword(req.body.email, (err) => req.log.error({ err }, 'password reset mail not sent'));
    return { data: { message: MESSAGES.passwordResetSent } };
  });

  app.post('/account/password/reset', { config: { public: true }, schema: { body: ResetPasswordSchema, response: { 200: MessageSchema } } }, async (req) => {
    await auth.resetPassword(req.body.token, req.body.password);
    return { data: { message: MESSAGES.passwordChanged } };
  });

  app.post('/sso', { config: { public: true }, schema: { body: SsoLoginSchema, response: { 200: dataOf(SessionSchema) } } }, async (req) => {
    const { userId, tokens } = await auth.ssoLogin(req.body.token);
    return session(userId, tokens);
  });

  app.post('/agent/terms', { config: { beforeTerms: true }, schema: { body: AcceptTermsSchema, response: { 200: MessageSchema } } }, async (req) => {
    await auth.acceptTerms(authOf(req).user.id);
    return { data: { message: 'Termini accettati' } };
  });
};
