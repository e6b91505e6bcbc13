import type { FastifyInstance } from 'fastify';

type Pattern = { regex: RegExp; methods: Set<string> };

/** find-my-way's path syntax as a regular expression: ':name' is one segment, a final '*' the rest. */
function toRegex(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      return segment
        .split(/(:\w+)/)
        .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('');
    })
    .join('/');
  return new RegExp(`^${source}$`);
}

/**
 * The methods each API path takes, collected as the routes are registered, so that a request with
 * another method is answered 405 with `Allow` (RFC 9110 §15.5.6) instead of 404. Only the API's own
 * paths count: the app shell's catch-all and a CORS preflight route match every address.
 */
export function collectAllowedMethods(app: FastifyInstance, prefixes: readonly string[]) {
  const patterns = new Map<string, Pattern>();
  app.addHook('onRoute', (route) => {
    if (!prefixes.some((p) => route.url.startsWith(p)) || route.url.endsWith('*')) return;
    const pattern = patterns.get(route.url) ?? { regex: toRegex(route.url), methods: new Set<string>() };
    for (const m of [route.method].flat()) pattern.methods.add(m);
    if (pattern.methods.has('GET')) pattern.methods.add('HEAD');
    patterns.set(route.url, pattern);
  });
  /** The methods some route takes at this address (its path, without the query), sorted; empty when none does. */
  return (url: string): string[] => {
    const path = url.split('?')[0] ?? '';
    const allowed = new Set<string>();
    for (const { regex, methods } of patterns.values()) if (regex.test(path)) methods.forEach((m) => allowed.add(m));
    return [...allowed].sort();
  };
}
