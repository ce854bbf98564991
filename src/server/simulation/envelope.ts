import type { FastifyInstance } from 'fastify';

/**
 * The facility API's one answer shape, in the BPJS style: `metadata { code, message }` and
 * `response` (the data on success; null, or the failing fields, on an error). The HTTP status
 * equals metadata.code.
 */
export interface Envelope<T = unknown> {
  metadata: { code: number; message: string };
  response: T;
}

export const envelope = <T>(response: T, message = 'OK', code = 200): Envelope<T> => ({
  metadata: { code, message },
  response,
});

/** The envelope as a route's response schema (OpenAPI). */
export function envelopeSchema(response: object = {}, description?: string) {
  return {
    type: 'object',
    description,
    properties: {
      metadata: {
        type: 'object',
        properties: { code: { type: 'integer' }, message: { type: 'string' } },
        required: ['code', 'message'],
      },
      response,
    },
  };
}

export const errorEnvelopeSchema = {
  ...envelopeSchema(
    {
      type: ['object', 'null'],
      description: 'null, or { errors: { field: message } } when fields failed validation',
      properties: { errors: { type: 'object', additionalProperties: { type: 'string' } } },
    },
    'An error: metadata.message says why, in Indonesian',
  ),
  // The platform's error answer passes through this schema before it is made an envelope (onSend).
  additionalProperties: true,
};

/** The error answers every facility API route documents. */
export const ERROR_RESPONSES = Object.fromEntries(
  [400, 401, 404, 409, 429, 503].map((code) => [code, errorEnvelopeSchema]),
);

/** Requests whose answer is another server's, sent on as it came (the proxy). */
export const passedThrough = new WeakSet<object>();

/**
 * Inside the facility API's scope, every error answer of the platform (`{ error, message,
 * errors }`: validation, auth, overload, database errors) is sent as the envelope instead, so
 * a caller reads one shape whatever failed.
 */
export function envelopeErrors(scope: FastifyInstance) {
  scope.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string' || passedThrough.has(request)) return payload;
    let body: any;
    try {
      body = JSON.parse(payload);
    } catch {
      return payload;
    }
    if (!body || typeof body !== 'object' || 'metadata' in body) return payload;
    reply.header('content-type', 'application/json; charset=utf-8');
    const message = String(body.message ?? body.error ?? 'Terjadi kesalahan');
    return JSON.stringify(envelope(body.errors ? { errors: body.errors } : null, message, reply.statusCode));
  });
}
