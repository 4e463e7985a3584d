/**
 * Route schemas, built with TypeBox. Each schema is the JSON Schema Fastify validates a request with (its
 * Ajv, without type coercion: query values are strings) and, through the type provider, the type of
 * `request.query` and `request.body` in the handler.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import Type, { type Static, type TOptional, type TProperties, type TSchema } from 'typebox';

/** The Fastify instance a route module registers on: a route's schema types its request. */
export type RouteApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export const str = (maxLength: number, minLength = 0) => Type.String({ minLength, maxLength });
export const id = Type.String({ pattern: '^[1-9][0-9]{0,17}$' });
export const ids = Type.String({ pattern: '^[1-9][0-9]{0,17}(,[1-9][0-9]{0,17}){0,99}$' });
export const qInt = Type.String({ pattern: '^[0-9]{1,6}$' });
export const tenantId = Type.String({ pattern: '^[0-9]{6}$' });

/** A string out of a fixed list (`{ type: 'string', enum }`), typed as the union of the values. */
export const oneOf = <const V extends string[]>(values: readonly [...V]) =>
  Type.Enum(values, { type: 'string' });
/** An integer out of a fixed list (`{ type: 'integer', enum }`), typed as the union of the values. */
export const oneOfInt = <const V extends number[]>(values: readonly [...V]) =>
  Type.Enum(values, { type: 'integer' });

export const flag = oneOf(['0', '1']);

/** Query paging: current (1-based) and size (1..100). */
export const paging = { current: qInt, size: qInt };

/** The schema with `type: [its type, 'null']`: one schema, so Ajv still says `must be string,null`. */
export function nullable<T extends TSchema & { type: string }>(schema: T) {
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] });
}

type Fields<P extends TProperties, R extends keyof P> = {
  [K in keyof P]: K extends R ? P[K] : TOptional<P[K]>;
};

/** The properties, each optional unless listed in `required`. */
function fields<P extends TProperties, R extends keyof P & string>(properties: P, required: readonly R[]) {
  const needed = new Set<string>(required);
  const out: TProperties = {};
  for (const [key, schema] of Object.entries(properties)) {
    out[key] = needed.has(key) ? schema : Type.Optional(schema);
  }
  return out as Fields<P, R>;
}

/** An object of the listed properties only (others are dropped), each optional unless required. */
function object<P extends TProperties, R extends keyof P & string = never>(
  properties: P,
  required: readonly R[] = [],
) {
  return Type.Object(fields(properties, required), { additionalProperties: false });
}

export const query = object;
export const body = object;

/** A body that may be absent (parameters then come from the query string). */
export function optionalBody<P extends TProperties>(properties: P) {
  return nullable(object(properties));
}

export function splitIds(value: string): number[] {
  return [...new Set(value.split(',').map(Number))];
}

/** Parameters accepted either in the query string or in the body (BladeX clients send both ways). */
export function either<P extends TProperties>(properties: P) {
  return { querystring: object(properties), body: optionalBody(properties) };
}

/** The parameters of an `either` route: the query string's, overridden by the body's. */
export function merged<T extends object>(request: { query: T; body: T | null | undefined }): T {
  return { ...request.query, ...request.body };
}

/** A parameter an `either` route requires (in the query string or in the body); 400 naming it if missing. */
export function need<T extends object, K extends keyof T & string>(p: T, key: K): NonNullable<T[K]> {
  const value = p[key];
  if (value === undefined || value === null || value === '') {
    throw Object.assign(new Error(`invalid request.${key}: is required`), { statusCode: 400 });
  }
  return value;
}

/** The `ids` of the rows a route acts on, in the query string or in the body. */
export const idsParams = either({ ids });

/**
 * The ids an `either` route requires under `key` (`ids` unless named), as numbers without repeats; 400
 * naming the parameter if it is missing.
 */
export function idsOf<K extends string = 'ids'>(
  request: { query: { [P in K]?: string }; body: { [P in K]?: string } | null | undefined },
  key: K = 'ids' as K,
): number[] {
  return splitIds(need(merged(request), key));
}
