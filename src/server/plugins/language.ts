import type { FastifyInstance } from 'fastify';
import { fieldErrorsToEnglish, prefersEnglish, toEnglish } from '../../resources/messages-en.js';

interface ErrorBody {
  error?: unknown;
  message?: unknown;
  errors?: unknown;
}

/**
 * Error answers in the caller's language: the server's messages are Indonesian, and a request
 * whose Accept-Language puts English first (the console's when it speaks English) gets the known
 * ones in English (src/resources/messages-en.ts).
 */
export function registerAnswerLanguage(app: FastifyInstance) {
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (reply.statusCode < 400 || !payload || typeof payload !== 'object') return payload;
    if (!prefersEnglish(request.headers['accept-language'])) return payload;
    const body = payload as ErrorBody;
    const out: ErrorBody = { ...body };
    if (typeof body.error === 'string') out.error = toEnglish(body.error);
    if (typeof body.message === 'string') out.message = toEnglish(body.message);
    if (body.errors && typeof body.errors === 'object')
      out.errors = fieldErrorsToEnglish(body.errors as Record<string, unknown>);
    return out;
  });
}
