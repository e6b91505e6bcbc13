import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { API_PREFIX, buildDocument } from './document';

export type { RouteDocs } from './document';

const require = createRequire(import.meta.url);
/** Swagger UI's prebuilt files, served from our own origin (docs/adr/0021-swagger-ui-for-api-docs.md): no CDN, not in the app's bundle. */
const SWAGGER_UI = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const UI_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

/** The page: no inline script (the CSP forbids them), its start in docs.js below. */
const PAGE = `<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Documentazione API - Portale Noleggio</title><link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><noscript><p>Documento OpenAPI: <a href="${API_PREFIX}/openapi.json">${API_PREFIX}/openapi.json</a></p></noscript>
<div id="docs"></div><script src="/api/docs/swagger-ui-bundle.js"></script><script src="/api/docs/docs.js"></script></body></html>`;

// 'Authorize' takes the personal API key (X-Api-Key) or a login's token; 'Try it out' sends from this page.
const START = `window.ui = SwaggerUIBundle({
  url: '${API_PREFIX}/openapi.json',
  dom_id: '#docs',
  deepLinking: true,
  tryItOutEnabled: true,
  persistAuthorization: false,
  displayOperationId: true,
  defaultModelsExpandDepth: 0,
  validatorUrl: null,
});`;

/**
 * The API documentation, generated from the registered routes' zod schemas (core/schemas) and
 * lib/openapi/operations.ts: /api/v1/openapi.json (OpenAPI 3.1), and at /api/docs Swagger UI, where an
 * integrator pastes an API key and tries an operation.
 */
export function registerOpenApi(app: FastifyInstance) {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(`${API_PREFIX}/`) && !route.url.includes('openapi')) routes.push(route);
  });

  let doc: string | null = null;
  const document = () => (doc ??= JSON.stringify(buildDocument(routes).json));

  app.get(`${API_PREFIX}/openapi.json`, { config: { public: true } }, async (_req, reply) =>
    reply.header('Content-Type', 'application/json; charset=utf-8').header('Cache-Control', 'no-cache').send(document()),
  );

  app.get('/api/docs', { config: { public: true } }, async (_req, reply) =>
    reply.header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(PAGE),
  );
  app.get('/api/docs/docs.js', { config: { public: true } }, async (_req, reply) =>
    reply.header('Content-Type', 'text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(START),
  );
  const files = new Map<string, Buffer>();
  app.get<{ Params: { file: string } }>('/api/docs/:file', { config: { public: true } }, async (req, reply) => {
    const type = UI_FILES[req.params.file];
    if (!type) return reply.callNotFound();
    let body = files.get(req.params.file);
    if (!body) files.set(req.params.file, (body = readFileSync(path.join(SWAGGER_UI, req.params.file))));
    // The package's version is in the installed file: a day's cache is enough and needs no hashed name.
    return reply.header('Content-Type', type).header('Cache-Control', 'public, max-age=86400').send(body);
  });
}
