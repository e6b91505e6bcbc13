import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import { ErrorEnvelopeSchema } from '@core/schemas/common';

/** Route documentation beyond the zod schemas (multipart bodies have no zod schema). */
export type RouteDocs = { summary?: string; multipart?: Record<string, 'file' | 'files' | 'string'>; produces?: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    docs?: RouteDocs;
  }
}

type JsonSchema = Record<string, unknown>;
type Operation = { method: string; path: string; tag: string; isPublic: boolean; summary: string; op: JsonSchema };

const toJson = (schema: unknown, io: 'input' | 'output'): JsonSchema | null => {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as JsonSchema;
    return rest;
  } catch {
    return {};
  }
};

function operationOf(route: RouteOptions, method: string): Operation {
  const schema = (route.schema ?? {}) as { body?: unknown; params?: unknown; querystring?: unknown; response?: Record<string, unknown> };
  const config = (route.config ?? {}) as { public?: boolean; feature?: string | string[]; role?: number; docs?: RouteDocs };
  const path = route.url.replace(/:(\w+)/g, '{$1}');
  const tag = path.replace(/^\/api\/v1\//, '').split('/')[0] || 'api';
  const parameters: JsonSchema[] = [];
  for (const [where, s] of [
    ['path', schema.params],
    ['query', schema.querystring],
  ] as const) {
    const json = toJson(s, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] } | null;
    for (const [name, prop] of Object.entries(json?.properties ?? {}))
      parameters.push({ name, in: where, required: where === 'path' || (json?.required ?? []).includes(name), schema: prop });
  }
  const responses: JsonSchema = {};
  for (const [status, s] of Object.entries(schema.response ?? {}))
    responses[status] = { description: status === '200' ? 'OK' : status, content: { 'application/json': { schema: toJson(s, 'output') } } };
  if (!responses['200'])
    responses['200'] = {
      description: 'OK',
      content: { [config.docs?.produces ?? 'application/octet-stream']: { schema: { type: 'string', format: 'binary' } } },
    };
  responses['4XX'] = { description: 'Errore (envelope)', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } };
  const op: JsonSchema = { tags: [tag], operationId: `${method.toLowerCase()}_${path.replace(/[^\w]+/g, '_')}`, parameters, responses };
  const notes = [config.feature && `feature ${[config.feature].flat().join(', ')}`, config.role !== undefined && `ruolo ${config.role}`].filter(Boolean);
  const summary = config.docs?.summary ?? '';
  op.summary = summary;
  if (notes.length) op.description = `Richiede ${notes.join(' e ')}.`;
  if (config.public) op.security = [];
  const body = toJson(schema.body, 'input');
  if (body) op.requestBody = { required: true, content: { 'application/json': { schema: body } } };
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
    op.requestBody = { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties } } } };
  }
  return { method, path, tag, isPublic: Boolean(config.public), summary, op };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The API documentation, generated from the registered routes' zod schemas (core/schemas) with
 * zod's own JSON Schema output: /api/v1/openapi.json, and a plain HTML index at /api/docs (no
 * scripts, the CSP forbids inline ones and none are needed). @fastify/swagger is not used.
 */
export function registerOpenApi(app: FastifyInstance) {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/v1/') && !route.url.includes('openapi')) routes.push(route);
  });

  let doc: { json: JsonSchema; ops: Operation[] } | null = null;
  const build = () => {
    if (doc) return doc;
    const ops = routes.flatMap((r) =>
      [r.method]
        .flat()
        .filter((m) => m !== 'HEAD')
        .map((m) => operationOf(r, m)),
    );
    const paths: Record<string, Record<string, JsonSchema>> = {};
    for (const o of ops) (paths[o.path] ??= {})[o.method.toLowerCase()] = o.op;
    doc = {
      ops,
      json: {
        openapi: '3.0.3',
        info: {
          title: 'Portale Noleggio API',
          version: '1',
          description:
            'API del portale di noleggio a lungo termine. Autenticazione: token Bearer (login) oppure chiave API personale nell’intestazione X-Api-Key (Profilo > Chiave API).',
        },
        servers: [{ url: '/' }],
        security: [{ bearer: [] }, { apiKey: [] }],
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } },
          schemas: { ErrorEnvelope: toJson(ErrorEnvelopeSchema, 'output') },
        },
        paths,
      },
    };
    return doc;
  };

  app.get('/api/v1/openapi.json', { config: { public: true } }, async (_req, reply) => reply.header('Cache-Control', 'no-cache').send(build().json));

  app.get('/api/docs', { config: { public: true } }, async (_req, reply) => {
    const { ops } = build();
    const rows = ops
      .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))
      .map(
        (o) =>
          `<tr><td><code class="m m-${o.method.toLowerCase()}">${o.method}</code></td><td><code>${escapeHtml(o.path)}</code></td><td>${o.isPublic ? 'pubblica' : 'Bearer o X-Api-Key'}</td><td>${escapeHtml(String(o.op.description ?? o.summary ?? ''))}</td></tr>`,
      )
      .join('\n');
    const html = `<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Documentazione API - Portale Noleggio</title>
<style>body{font-family:system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:16px;color:#1d2430}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:6px 8px;text-align:left;vertical-align:top;font-size:.92rem}code{font-size:.88rem;word-break:break-all}.m{font-weight:700}.m-get{color:#1e7e34}.m-post{color:#0b4f8a}.m-put,.m-patch{color:#b35c00}.m-delete{color:#c62828}</style></head>
<body><h1>Documentazione API</h1><p>Base: <code>/api/v1</code>. Ogni chiamata privata accetta il token di accesso (<code>Authorization: Bearer …</code>) oppure la chiave API personale (<code>X-Api-Key: …</code>), che si genera dal Profilo. Le risposte hanno la forma <code>{ "data": … }</code>; gli errori <code>{ "error": { "http_code", "message" }, "errors": { "campo": ["messaggio"] } }</code>.</p>
<p>Documento OpenAPI 3 con gli schemi completi: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a></p>
<table><thead><tr><th>Metodo</th><th>Percorso</th><th>Accesso</th><th>Note</th></tr></thead><tbody>${rows}</tbody></table></body></html>`;
    return reply.header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  });
}
