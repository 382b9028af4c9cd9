import type { FastifySerializerCompiler } from 'fastify';
import fastJsonStringify from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;
type JsonSchema = Record<string, unknown>;

const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null', 'object', 'array']);
/** Keywords that only constrain values: they change nothing in what a valid answer serializes to. */
const CONSTRAINTS_ONLY = new Set([
  '$schema',
  'description',
  'title',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
]);

/** fast-json-stringify writes required keys before optional ones; zod keeps the schema's order. */
const requiredFirst = (keys: string[], required: unknown) => {
  const isRequired = (key: string) => Array.isArray(required) && required.includes(key);
  const firstOptional = keys.findIndex((key) => !isRequired(key));
  return firstOptional === -1 || keys.slice(firstOptional).every((key) => !isRequired(key));
};

const isPrimitive = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);

/**
 * Whether fast-json-stringify writes exactly what zod's check plus JSON.stringify would for every
 * answer that passes the check: plain objects (a fixed key list, extra keys dropped, optional keys
 * after the required ones, the order fast-json-stringify writes), arrays, scalars, nullable scalars,
 * enums and constants. Anything else (unions, tuples, records with typed keys,
 * defaults, references, transforms: zod refuses to describe those, and they are caught here) keeps zod.
 */
export function isPlainJsonSchema(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return false;
  for (const [keyword, value] of Object.entries(schema as JsonSchema)) {
    switch (keyword) {
      case 'type': {
        const types = Array.isArray(value) ? value : [value];
        if (types.length === 0 || !types.every((type) => typeof type === 'string' && TYPES.has(type))) return false;
        // A nullable object or array is written by fast-json-stringify through a runtime type test.
        if (types.length > 1 && types.some((type) => type === 'object' || type === 'array')) return false;
        break;
      }
      case 'properties':
        if (typeof value !== 'object' || value === null || !Object.values(value).every(isPlainJsonSchema)) return false;
        if (!requiredFirst(Object.keys(value), (schema as JsonSchema).required)) return false;
        break;
      case 'required':
        if (!Array.isArray(value)) return false;
        break;
      case 'additionalProperties':
        if (value !== false && !isPlainJsonSchema(value)) return false;
        break;
      case 'items':
        if (!isPlainJsonSchema(value)) return false;
        break;
      case 'enum':
        if (!Array.isArray(value) || !value.every(isPrimitive)) return false;
        break;
      case 'const':
        if (!isPrimitive(value)) return false;
        break;
      default:
        if (!CONSTRAINTS_ONLY.has(keyword)) return false;
    }
  }
  return true;
}

/** A compiled writer for a plain response schema, or undefined when only zod can write it exactly. */
export function compilePlainSerializer(schema: z.ZodType): Serialize | undefined {
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', cycles: 'throw', reused: 'inline' });
  } catch {
    return undefined;
  }
  if (!isPlainJsonSchema(json)) return undefined;
  const { $schema: _dialect, ...plain } = json;
  return fastJsonStringify(plain);
}

/**
 * Response bodies are written by a serializer compiled from each route's
 * zod schema (fast-json-stringify, Fastify's own), where zod's check-then-stringify cost about 12 µs of
 * a signed-in GET /api/user's CPU. Both keep only the schema's keys, so nothing outside it can leak.
 * A schema the compiled writer cannot reproduce exactly stays with zod.
 *
 * With `crossCheck` (the test suites: NODE_ENV test or development) every answer is also run through
 * zod's check, and the two outputs must be identical: an answer that breaks its schema still fails
 * with zod's error, and any difference between the writers fails the request that shows it.
 */
export function responseSerializerCompiler(options: { crossCheck: boolean }): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const checked = zodSerializerCompiler(route) as Serialize;
    const compiled = compilePlainSerializer(route.schema);
    if (!compiled) return checked;
    if (!options.crossCheck) return compiled;
    return (data) => {
      const expected = checked(data);
      const written = compiled(data);
      if (written !== expected) {
        throw new Error(
          `The compiled serializer of ${route.method} ${route.url} (${route.httpStatus}) wrote ${written} where zod wrote ${expected}`,
        );
      }
      return written;
    };
  };
}
