/** JSON-schema fragments shared by the routes (queries are strings: no type coercion anywhere). */

export const str = (maxLength: number, minLength = 0) => ({ type: 'string', minLength, maxLength }) as const;
export const id = { type: 'string', pattern: '^[1-9][0-9]{0,17}$' } as const;
export const ids = { type: 'string', pattern: '^[1-9][0-9]{0,17}(,[1-9][0-9]{0,17}){0,99}$' } as const;
export const qInt = { type: 'string', pattern: '^[0-9]{1,6}$' } as const;
export const tenantId = { type: 'string', pattern: '^[0-9]{6}$' } as const;
export const flag = { type: 'string', enum: ['0', '1'] } as const;

/** Query paging: current (1-based) and size (1..100). */
export const paging = { current: qInt, size: qInt } as const;

export function query(properties: Record<string, unknown>, required: string[] = []) {
  return { type: 'object', additionalProperties: false, properties, required } as const;
}

export function body(properties: Record<string, unknown>, required: string[] = []) {
  return { type: 'object', additionalProperties: false, properties, required } as const;
}

/** A body that may be absent (parameters then come from the query string). */
export function optionalBody(properties: Record<string, unknown>) {
  return { type: ['object', 'null'], additionalProperties: false, properties } as const;
}

export function splitIds(value: string): number[] {
  return [...new Set(value.split(',').map(Number))];
}

/** Parameters accepted either in the query string or in the body (BladeX clients send both ways). */
export function either(properties: Record<string, unknown>) {
  return { querystring: query(properties), body: optionalBody(properties) };
}

export function merged<T>(request: { query: unknown; body: unknown }): Partial<T> {
  return { ...(request.query as object), ...((request.body as object | null) ?? {}) } as Partial<T>;
}

export function need<T extends Record<string, unknown>, K extends keyof T & string>(
  p: Partial<T>,
  key: K,
): T[K] {
  const value = p[key];
  if (value === undefined || value === '') {
    throw Object.assign(new Error(`invalid request.${key}: is required`), { statusCode: 400 });
  }
  return value as T[K];
}
