import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES } from '@core/i18n-messages';
import {
  CheckInputSchema,
  CheckResponseSchema,
  LogicParamsSchema,
  LogicQuerySchema,
  LogicResponseSchema,
  OfferCheckInputSchema,
  PrescoringErrorSchema,
  type PrescoringErrorCode,
} from '@core/prescoring';
import { envelope, errorReply, validationFieldErrors } from '../../lib/errors';
import * as prescoring from './service';

/**
 * The prescoring service, mounted at `/prescoring/` outside `/api/v1`: no authentication (spec §7), so every
 * route says `public: true` (the auth hook only runs under /api/v1 anyway). Answers are the spec's
 * `{ success, data, error, errorCode }`; refusals are 4xx in the API's error envelope plus `success: false`
 * and `errorCode` (docs/adr/0128-prescoring-envelope-and-device-rules.md, docs/prescoring.md "HTTP API").
 */
export const prescoringRoutes: FastifyPluginAsyncZod<{ allowedAt: (url: string) => string[] }> = async (app, { allowedAt }) => {
  app.setErrorHandler(prescoringError);
  app.setNotFoundHandler((request, reply) => {
    const allowed = allowedAt(request.url);
    if (allowed.length)
      return reply
        .status(405)
        .header('Allow', allowed.join(', '))
        .send(withCode(envelope(405, MESSAGES.methodNotAllowed), 'BAD_REQUEST'));
    return reply.status(404).send(withCode(envelope(404, MESSAGES.notFound), 'NOT_FOUND'));
  });
  app.addHook('onSend', async (_request, reply) => {
    // Answers describe a customer's finances: never kept by shared caches.
    reply.header('Cache-Control', 'no-store');
  });

  const failures = { '4xx': PrescoringErrorSchema };

  app.get(
    '/logic/:contractualCategory',
    { config: { public: true }, schema: { params: LogicParamsSchema, querystring: LogicQuerySchema, response: { 200: LogicResponseSchema, ...failures } } },
    async (req) => ({ success: true as const, data: [...prescoring.logic(req.params.contractualCategory, req.query.variant)], error: null, errorCode: null }),
  );

  app.post('/check', { config: { public: true }, schema: { body: CheckInputSchema, response: { 200: CheckResponseSchema, ...failures } } }, async (req) => ({
    success: true as const,
    data: prescoring.check(req.body),
    error: null,
    errorCode: null,
  }));

  app.post(
    '/offer-check',
    { config: { public: true }, schema: { body: OfferCheckInputSchema, response: { 200: CheckResponseSchema, ...failures } } },
    async (req) => ({
      success: true as const,
      data: prescoring.offerCheck(req.body),
      error: null,
      errorCode: null,
    }),
  );
};

type Envelope = ReturnType<typeof envelope>;

function withCode(body: Envelope, code: PrescoringErrorCode) {
  return { success: false as const, data: null, ...body, error: { ...body.error, code }, errorCode: code };
}

function codeOf(status: number, fieldKeys: string[], given: string | undefined): PrescoringErrorCode {
  if (given === 'INVALID_CATEGORY' || fieldKeys.some((k) => k.startsWith('contractualCategory'))) return 'INVALID_CATEGORY';
  if (status === 422) return 'INVALID_INPUT';
  if (status === 404) return 'NOT_FOUND';
  return status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST';
}

/**
 * The API's error handling, with one difference: a refused input names its first problem in the message
 * ("L'importo non può essere negativo.") instead of the generic form message, since the widget has no
 * form fields to put the details on. The field errors stay in `errors`.
 */
function prescoringError(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const { status, body } = errorReply(err, request);
  let out = body;
  if (hasZodFastifySchemaValidationErrors(err)) {
    const errors = validationFieldErrors(err);
    const first = Object.values(errors)[0]?.[0];
    out = envelope(status, first ?? body.error.message, errors);
  }
  return reply.status(status).send(withCode(out, codeOf(status, Object.keys(out.errors), body.error.code)));
}
