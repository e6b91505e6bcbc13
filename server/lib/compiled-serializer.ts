// The offer search's answers are large (18 cards and every filter's counts, ~34 KB of JSON) and made
// on every search: fastify-type-provider-zod's serializer re-checks each value with zod before
// JSON.stringify, and that cost more than the search itself. Here the route's zod schema is compiled,
// as JSON Schema, by fast-json-stringify (Fastify's own serializer): it writes only the schema's
// fields (nothing the schema does not name can leak) and refuses an answer missing a required one,
// without re-checking each value; server tests hold its output equal to the zod serializer's.
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

export function compiledSerializer<S extends z.ZodType>(schema: S): (value: z.output<S>) => string {
  const { $schema: _drop, ...json } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-7' }) as Record<string, unknown>;
  return fastJson(json);
}
