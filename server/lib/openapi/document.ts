import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { ErrorEnvelopeSchema } from '@core/schemas/common';
import { MESSAGES } from '@core/i18n-messages';
import { DATABASE_RETRY_AFTER_SECONDS } from '../errors';
import { COMPONENTS } from './components';
import { REQUEST_EXAMPLES } from './examples';
import { OPERATIONS, TAGS, type OperationDocs } from './operations';

/** Route documentation beyond the zod schemas (multipart bodies have no zod schema). */
export type RouteDocs = {
  /** A longer description than the summary of lib/openapi/operations.ts. */
  summary?: string;
  multipart?: Record<string, 'file' | 'files' | 'string'>;
  produces?: string;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    docs?: RouteDocs;
    /** Further checks of the body the service makes with its own schema (the document says them too). */
    bodyChecks?: z.ZodType;
  }
}

export type JsonSchema = Record<string, unknown>;
export const API_PREFIX = '/api/v1';
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** zod to JSON Schema (draft 2020-12, OpenAPI 3.1's dialect), inline. */
function convert(schema: unknown, io: 'input' | 'output'): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  const { $schema: _schema, ...json } = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      // A schema may state its JSON Schema outright where zod's reading of it is not what the server enforces.
      const stated = (z.globalRegistry.get(zodSchema as unknown as z.ZodType) as { openapi?: JsonSchema } | undefined)?.openapi;
      if (!stated) return;
      for (const key of Object.keys(jsonSchema)) delete (jsonSchema as JsonSchema)[key];
      Object.assign(jsonSchema, stated);
    },
  }) as JsonSchema;
  return json;
}

/**
 * The schemas of lib/openapi/components.ts, each as its output and (when it differs: defaults make
 * fields optional) input JSON Schema, `Name` and `NameInput`; `named` puts a $ref wherever a part of
 * an operation's schema is one of them. Matching the JSON keeps zod's global registry untouched.
 */
function componentsOf() {
  const byJson = new Map<string, string>();
  const schemas: Record<string, JsonSchema> = {};
  for (const [schema, name] of COMPONENTS) {
    const output = convert(schema, 'output')!;
    const input = convert(schema, 'input')!;
    schemas[name] = output;
    byJson.set(JSON.stringify(output), name);
    if (JSON.stringify(input) !== JSON.stringify(output)) {
      schemas[`${name}Input`] = input;
      byJson.set(JSON.stringify(input), `${name}Input`);
    }
  }
  const named = (node: unknown, root = false): unknown => {
    if (Array.isArray(node)) return node.map((n) => named(n));
    if (!node || typeof node !== 'object') return node;
    const name = root ? undefined : byJson.get(JSON.stringify(node));
    if (name) return { $ref: `#/components/schemas/${name}` };
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, named(v)]));
  };
  for (const name of Object.keys(schemas)) schemas[name] = named(schemas[name], true) as JsonSchema;
  return { schemas, named: (node: JsonSchema | null) => (node ? (named(node) as JsonSchema) : null) };
}

type RouteConfig = {
  public?: boolean;
  feature?: string | string[];
  role?: number;
  beforeTerms?: boolean;
  docs?: RouteDocs;
  bodyChecks?: z.ZodType;
  /** A public write that takes an Idempotency-Key (lib/idempotency.ts). */
  idempotencyScope?: unknown;
};

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });
const ERROR_RESPONSES: Record<number, [string, string]> = {
  400: ['BadRequest', 'Richiesta malformata: JSON, modulo o indirizzo non leggibili, Idempotency-Key non valida.'],
  401: ['Unauthorized', 'Manca l’accesso, o il token, la chiave API o il link non sono validi.'],
  403: ['Forbidden', 'Accesso negato: account sospeso o non attivo, termini da accettare, ruolo o funzionalità non abilitati.'],
  404: ['NotFound', 'Non trovato, o non visibile a chi chiama.'],
  409: [
    'Conflict',
    'Conflitto con lo stato attuale: la stessa Idempotency-Key è ancora in elaborazione dopo l’attesa della sua risposta (riprovare dopo Retry-After), la risorsa è in uso o non è pronta.',
  ],
  414: ['UriTooLong', 'Un parametro del percorso è troppo lungo.'],
  413: ['PayloadTooLarge', 'Dati inviati troppo grandi (oltre 2 MB).'],
  415: ['UnsupportedMediaType', 'Formato del corpo non supportato (JSON, o multipart/form-data dove indicato).'],
  422: ['ValidationError', 'Dati non validi: `errors` elenca i messaggi per campo. Anche una Idempotency-Key già usata per un’altra richiesta.'],
  429: ['TooManyRequests', 'Troppi tentativi o richieste: riprovare dopo Retry-After secondi.'],
  503: ['ServiceUnavailable', 'Servizio in manutenzione o database non raggiungibile: riprovare dopo Retry-After secondi.'],
};

/** The statuses every operation of its kind can answer (lib/auth.ts, lib/idempotency.ts, lib/errors.ts, lib/security.ts). */
function derivedStatuses(method: string, path: string, config: RouteConfig, hasInput: boolean, hasPathParams: boolean): Set<number> {
  const out = new Set<number>([400]);
  const isPrivate = !config.public;
  if (isPrivate) [401, 403].forEach((s) => out.add(s));
  if (hasPathParams) [404, 414].forEach((s) => out.add(s));
  if (WRITES.has(method)) {
    out.add(415);
    if (isPrivate || config.idempotencyScope) [409, 422].forEach((s) => out.add(s));
  }
  if (hasInput) out.add(422);
  if (WRITES.has(method) && hasInput) out.add(413);
  // Maintenance and a database that does not answer: every operation but the health checks (which answer it themselves).
  if (!path.startsWith('/health')) out.add(503);
  return out;
}

type Operation = { method: string; path: string; docs: OperationDocs; isPublic: boolean; description: string; op: JsonSchema };

function operationOf(route: RouteOptions, method: string, convertNamed: (schema: unknown, io: 'input' | 'output') => JsonSchema | null): Operation {
  const schema = (route.schema ?? {}) as { body?: unknown; params?: unknown; querystring?: unknown; response?: Record<string, unknown> };
  const config = (route.config ?? {}) as RouteConfig;
  const path = route.url.replace(/:(\w+)/g, '{$1}');
  const key = `${method} ${path.slice(API_PREFIX.length)}`;
  const docs = OPERATIONS[key];
  if (!docs) throw new Error(`openapi: ${key} has no entry in server/lib/openapi/operations.ts`);
  const isPrivate = !config.public;
  const isWrite = WRITES.has(method);
  // Private writes, and the public ones that name their key space (the customer's link).
  const keyed = isWrite && (isPrivate || Boolean(config.idempotencyScope));

  const parameters: JsonSchema[] = [];
  for (const [where, s] of [
    ['path', schema.params],
    ['query', schema.querystring],
  ] as const) {
    const json = convertNamed(s, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] } | null;
    for (const [name, prop] of Object.entries(json?.properties ?? {})) {
      const { description, examples, ...rest } = prop as JsonSchema & { description?: string; examples?: unknown[] };
      parameters.push({
        name,
        in: where,
        required: where === 'path' || (json?.required ?? []).includes(name),
        schema: rest,
        ...(description ? { description } : {}),
        ...(examples?.length ? { example: examples[0] } : {}),
      });
    }
  }
  if (isPrivate) parameters.push({ $ref: '#/components/parameters/XRefreshToken' });
  if (keyed) parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });

  const sessionHeaders = isPrivate
    ? { 'X-Access-Token': { $ref: '#/components/headers/XAccessToken' }, 'X-Refresh-Token': { $ref: '#/components/headers/XRefreshToken' } }
    : {};
  const replayHeader = keyed ? { 'Idempotent-Replayed': { $ref: '#/components/headers/IdempotentReplayed' } } : {};
  const links = docs.links
    ? { links: Object.fromEntries(Object.entries(docs.links).map(([operationId, p]) => [operationId, { operationId, parameters: p }])) }
    : {};

  const responses: Record<string, JsonSchema> = {};
  for (const [status, s] of Object.entries(schema.response ?? {})) {
    if (!/^2\d\d$/.test(status) && !(path.startsWith('/api/v1/health') && status === '503')) continue;
    const headers = status === '503' ? { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } : { ...sessionHeaders, ...replayHeader };
    responses[status] = {
      description: status === '201' ? 'Creato' : status === '503' ? 'Database non raggiungibile' : 'OK',
      ...(Object.keys(headers).length ? { headers } : {}),
      content: { 'application/json': { schema: convertNamed(s, 'output') } },
      ...(status.startsWith('2') ? links : {}),
    };
  }
  if (!Object.keys(responses).some((s) => s.startsWith('2'))) {
    const types = docs.produces ?? [config.docs?.produces ?? 'application/octet-stream'];
    const stream = types.includes('text/event-stream');
    responses['200'] = {
      description: stream ? 'Flusso di eventi (text/event-stream)' : 'Il file',
      headers: { ...sessionHeaders, ...(docs.disposition ? { 'Content-Disposition': { $ref: '#/components/headers/ContentDisposition' } } : {}) },
      content: Object.fromEntries(types.map((t) => [t, { schema: stream ? { type: 'string' } : { type: 'string', contentMediaType: t } }])),
    };
  }

  const jsonBody = convertNamed(schema.body, 'input');
  const checks = convertNamed(config.bodyChecks, 'input');
  const hasInput = Boolean(jsonBody || config.docs?.multipart || parameters.some((p) => 'in' in p));
  const statuses = derivedStatuses(
    method,
    path.slice(API_PREFIX.length),
    config,
    hasInput,
    parameters.some((p) => p.in === 'path'),
  );
  for (const s of docs.also ?? []) statuses.add(s);
  if (path.startsWith('/api/v1/health')) statuses.delete(503);
  for (const s of [...statuses].sort()) if (!responses[String(s)]) responses[String(s)] = ref(ERROR_RESPONSES[s]![0]);

  const needs = [
    config.feature && `funzionalità ${[config.feature].flat().join(', ')}`,
    config.role !== undefined && `ruolo ${config.role} (capogruppo)`,
  ].filter(Boolean);
  const description = [config.docs?.summary, needs.length ? `Richiede ${needs.join(' e ')}.` : '', config.public ? 'Pubblica: nessuna autenticazione.' : '']
    .filter(Boolean)
    .join(' ');
  const op: JsonSchema = {
    tags: [docs.tag],
    operationId: docs.id,
    summary: docs.summary,
    ...(description ? { description } : {}),
    ...(config.public ? { security: [] } : {}),
    parameters,
  };
  if (jsonBody) {
    const example = REQUEST_EXAMPLES[docs.id];
    op.requestBody = {
      required: true,
      content: {
        'application/json': {
          schema: checks ? { allOf: [jsonBody, checks] } : jsonBody,
          ...(example ? { examples: { demo: { summary: 'Dai dati demo', value: example } } } : {}),
        },
      },
    };
  }
  if (config.docs?.multipart) {
    const properties = Object.fromEntries(
      Object.entries(config.docs.multipart).map(([k, t]) => [
        k,
        t === 'string'
          ? { type: 'string' }
          : t === 'file'
            ? { type: 'string', format: 'binary' }
            : { type: 'array', items: { type: 'string', format: 'binary' } },
      ]),
    );
    op.requestBody = {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object', properties, required: docs.requiredParts ?? [] } } },
    };
  }
  op.responses = responses;
  return { method, path, docs, isPublic: Boolean(config.public), description, op };
}

/** The components some operation refers to, directly or through another component. */
function used(schemas: Record<string, JsonSchema>, paths: unknown): Record<string, JsonSchema> {
  const keep = new Set<string>(['ErrorEnvelope']);
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) {
        const name = v.slice(21);
        if (!keep.has(name)) {
          keep.add(name);
          visit(schemas[name]);
        }
      } else visit(v);
    }
  };
  visit(paths);
  return Object.fromEntries(Object.entries(schemas).filter(([name]) => keep.has(name)));
}

const envelopeExample = (status: number, message: string, errors: Record<string, string[]> = {}) => ({ error: { http_code: status, message }, errors });

/** The document of every route registered under /api/v1 (collected by lib/openapi/index.ts). */
export function buildDocument(routes: RouteOptions[]) {
  const { schemas, named } = componentsOf();
  const convertNamed = (schema: unknown, io: 'input' | 'output') => named(convert(schema, io));
  const ops = routes.flatMap((r) =>
    [r.method]
      .flat()
      .filter((m) => m !== 'HEAD')
      .map((m) => operationOf(r, m, convertNamed)),
  );
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const o of ops) (paths[o.path] ??= {})[o.method.toLowerCase()] = o.op;
  const examples: Record<number, unknown> = {
    400: envelopeExample(400, MESSAGES.badRequest),
    401: envelopeExample(401, MESSAGES.sessionExpired),
    403: envelopeExample(403, MESSAGES.featureDisabled),
    404: envelopeExample(404, MESSAGES.notFound),
    409: envelopeExample(409, MESSAGES.idempotencyInFlight),
    413: envelopeExample(413, MESSAGES.payloadTooLarge),
    414: envelopeExample(414, MESSAGES.badRequest),
    415: envelopeExample(415, MESSAGES.unsupportedMedia),
    422: envelopeExample(422, MESSAGES.formErrors, { email: ['Il valore inserito non è valido'] }),
    429: envelopeExample(429, MESSAGES.tooManyRequests),
    503: envelopeExample(503, MESSAGES.maintenance),
  };
  const json: JsonSchema = {
    openapi: '3.1.0',
    info: {
      title: 'Portale Noleggio API',
      version: '1',
      description: [
        'API del portale di noleggio a lungo termine.',
        '',
        'Autenticazione: il token di accesso del login (`Authorization: Bearer …`, con `X-Refresh-Token`: una risposta può portare token nuovi in `X-Access-Token` e `X-Refresh-Token`) oppure la chiave API personale nell’intestazione `X-Api-Key` (Profilo > Chiave API).',
        '',
        'Le risposte hanno la forma `{ "data": … }`; gli errori `{ "error": { "http_code", "message" }, "errors": { "campo": ["messaggio"] } }`, con messaggi in italiano. Le scritture accettano `Idempotency-Key`: la stessa chiave ripete la prima risposta invece di scrivere due volte.',
      ].join('\n'),
    },
    servers: [{ url: '/' }],
    tags: TAGS,
    security: [{ bearer: [] }, { apiKey: [] }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Il token di accesso restituito da POST /api/v1/login.' },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: 'La chiave API personale (Profilo > Chiave API).' },
      },
      schemas: used({ ...schemas, ErrorEnvelope: convert(ErrorEnvelopeSchema, 'output')! }, paths),
      parameters: {
        XRefreshToken: {
          name: 'X-Refresh-Token',
          in: 'header',
          required: false,
          description: 'Il token di rinnovo del login: con un token di accesso scaduto la richiesta è servita e la risposta porta i token nuovi.',
          schema: { type: 'string', maxLength: 4096 },
        },
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'Una chiave per intenzione di scrittura: un nuovo invio con la stessa chiave riceve la prima risposta riuscita (Idempotent-Replayed: true); mentre la prima è in corso, il secondo invio la attende. Dopo un errore la chiave torna libera.',
          schema: { type: 'string', pattern: '^[\\w-]{8,128}$' },
          example: 'c0ffee00-1234-4abc-8def-0123456789ab',
        },
      },
      headers: {
        XAccessToken: { description: 'Nuovo token di accesso, quando quello inviato era scaduto.', schema: { type: 'string' } },
        XRefreshToken: { description: 'Nuovo token di rinnovo (il precedente non vale più).', schema: { type: 'string' } },
        IdempotentReplayed: {
          description: '`true` quando la risposta ripete quella della prima richiesta con la stessa Idempotency-Key.',
          schema: { type: 'string', enum: ['true'] },
        },
        RetryAfter: {
          description: 'Secondi dopo cui riprovare.',
          required: true,
          schema: { type: 'string', pattern: '^\\d+$' },
          example: String(DATABASE_RETRY_AFTER_SECONDS),
        },
        ContentDisposition: {
          description: "Nome del file (RFC 6266): `filename*=UTF-8''…` con un nome ASCII di riserva in `filename`.",
          required: true,
          schema: { type: 'string', pattern: '^(attachment|inline)(;|$)' },
          example: "attachment; filename=Skoda_Octavia.zip; filename*=UTF-8''%C5%A0koda_Octavia.zip",
        },
      },
      responses: Object.fromEntries(
        Object.entries(ERROR_RESPONSES).map(([status, [name, description]]) => [
          name,
          {
            description,
            ...(status === '503' || status === '429' ? { headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } } : {}),
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' }, example: examples[Number(status)] } },
          },
        ]),
      ),
    },
    paths,
  };
  return { json, ops };
}
