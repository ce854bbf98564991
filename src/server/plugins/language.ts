import type { FastifyInstance, FastifyRequest } from 'fastify';
import { prefersEnglish } from '../../resources/messages-en.js';
import {
  fieldLabelToEnglish,
  jobErrorToEnglish,
  serverFieldErrorsToEnglish,
  serverToEnglish,
} from '../messages-en/index.js';

interface ErrorBody {
  error?: unknown;
  message?: unknown;
  errors?: unknown;
  /** The facility API's envelope (simulation/envelope.ts). */
  metadata?: unknown;
}

/** True when the request's Accept-Language puts English first. */
export const wantsEnglish = (request: FastifyRequest) => prefersEnglish(request.headers['accept-language']);

/** One of the server's messages in the caller's language (for the messages of a success, shown as they come). */
export const inCallerLanguage = (request: FastifyRequest, text: string) =>
  wantsEnglish(request) ? serverToEnglish(text) : text;

/**
 * Error answers in the caller's language: the server's messages are Indonesian, and a request
 * whose Accept-Language puts English first (the console's when it speaks English) gets them in
 * English (messages-en/).
 */
export function registerAnswerLanguage(app: FastifyInstance) {
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (reply.statusCode < 400 || !payload || typeof payload !== 'object') return payload;
    if (!wantsEnglish(request)) return payload;
    const body = payload as ErrorBody;
    const out: ErrorBody = { ...body };
    if (typeof body.error === 'string') out.error = serverToEnglish(body.error);
    if (typeof body.message === 'string') out.message = serverToEnglish(body.message);
    if (body.errors && typeof body.errors === 'object')
      out.errors = serverFieldErrorsToEnglish(body.errors as Record<string, unknown>);
    const metadata = body.metadata as { message?: unknown } | undefined;
    if (metadata && typeof metadata === 'object' && typeof metadata.message === 'string')
      out.metadata = { ...metadata, message: serverToEnglish(metadata.message) };
    return out;
  });
}

/**
 * An import job as answered: its error and its rows' problems, kept in Indonesian, in the
 * caller's language; a problem's column when it is no header of the file (a required field the
 * file lacks) is the field's header, in English too.
 */
export function jobInCallerLanguage<T extends object>(request: FastifyRequest, answer: T): T {
  if (!wantsEnglish(request)) return answer;
  const job = answer as { error?: unknown; problems?: unknown; resource?: unknown; columns?: unknown };
  const resource = String(job.resource);
  const headers = new Set(Array.isArray(job.columns) ? job.columns : []);
  type Problem = { message?: unknown; column?: unknown };
  const problems = Array.isArray(job.problems)
    ? job.problems.map((p: Problem) => ({
        ...p,
        ...(typeof p.message === 'string' ? { message: serverToEnglish(p.message) } : {}),
        ...(typeof p.column === 'string' && !headers.has(p.column)
          ? { column: fieldLabelToEnglish(p.column, resource) }
          : {}),
      }))
    : job.problems;
  const error = typeof job.error === 'string' ? jobErrorToEnglish(job.error, resource) : job.error;
  return { ...answer, error, problems };
}
