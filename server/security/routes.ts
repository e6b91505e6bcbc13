import type { TestApp } from '../test/helper';

/** One operation of the app's OpenAPI document (server/lib/openapi.ts), keyed like the security tables: 'GET /offers/{id}'. */
export type ApiRoute = {
  key: string;
  method: string;
  /** With the /api/v1 prefix and {param} placeholders. */
  path: string;
  isPublic: boolean;
  params: { name: string; in: 'path' | 'query'; required: boolean; schema: Record<string, unknown> }[];
  jsonBody: Record<string, unknown> | null;
  multipart: Record<string, unknown> | null;
};

const PREFIX = '/api/v1';

/** Every route the app serves under /api/v1, as the app itself documents it (GET /api/v1/openapi.json). */
export async function listRoutes(t: TestApp): Promise<ApiRoute[]> {
  const res = await t.inject({ method: 'GET', url: `${PREFIX}/openapi.json` });
  if (res.statusCode !== 200) throw new Error(`openapi.json: ${res.statusCode}`);
  type Op = { security?: unknown[]; parameters?: ApiRoute['params']; requestBody?: { content: Record<string, { schema: Record<string, unknown> }> } };
  const doc = res.json() as { paths: Record<string, Record<string, Op>> };
  const out: ApiRoute[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(ops)) {
      const method = m.toUpperCase();
      out.push({
        key: `${method} ${path.slice(PREFIX.length)}`,
        method,
        path,
        isPublic: Array.isArray(op.security) && op.security.length === 0,
        params: op.parameters ?? [],
        jsonBody: op.requestBody?.content['application/json']?.schema ?? null,
        multipart: op.requestBody?.content['multipart/form-data']?.schema ?? null,
      });
    }
  }
  return out;
}

/** Fills {param} placeholders; values are URL-encoded. */
export const fillPath = (path: string, values: Record<string, string | number>) =>
  path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`no value for path parameter ${name} of ${path}`);
    return encodeURIComponent(String(v));
  });

/** Italian, not an internal or English message: letters with at least one typical Italian word or accent. */
export const looksItalian = (message: string) =>
  /\b(non|il|la|lo|le|gli|un|una|di|da|del|della|dei|degli|delle|per|con|si|sono|questo|questa|campo|valore|dati|errori|richiesta|sessione|accesso|trovato|trovata|file|deve|troppe|riprova|chiave|servizio|indicare|seleziona|inserisci)\b|[àèéìòù]/i.test(
    message,
  ) && !/\b(the|is|must|invalid|expected|received|error|undefined|null|object|string|number)\b/i.test(message);

/**
 * Every route Fastify serves, from its route tree (printRoutes), as 'METHOD /path' with each
 * parameter written '{}' (the tree merges parameters of different names at one position). HEAD is
 * left out (Fastify adds it to every GET).
 */
export function servedRoutes(app: TestApp['app']): string[] {
  const out = new Set<string>();
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([^)]*)\))?$/u.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    stack.push(m[2]!);
    const methods = (m[3] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s && s !== 'HEAD');
    const full = stack.join('').replace(/:[\w|:]+/g, '{}');
    for (const method of methods) out.add(`${method} ${full}`);
  }
  return [...out].sort();
}

export const normalizeParams = (path: string) => path.replace(/\{\w+\}/g, '{}');
