/**
 * The payload of an answer in the platform's envelope (`{ code, success, msg, data }`, spec §3): the `data`
 * field of the response body, or undefined when the body is not an object. The body's code has already
 * been checked by the client (an error rejects before this). Unchecked: give the result to a reader that
 * checks its shape; the type parameter only names what a caller already trusts.
 */
export function envelopeData<T = unknown>(response: { data?: unknown } | null | undefined): T {
  const body = response?.data;
  return (body !== null && typeof body === 'object' ? (body as { data?: unknown }).data : undefined) as T;
}
