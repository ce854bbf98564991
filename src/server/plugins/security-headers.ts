import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { isApiPath } from '../api-path.js';

/**
 * Security headers on every response (console, API and docs):
 *  - a Content-Security-Policy with no inline or foreign scripts; inline styles stay allowed
 *    because MUI (emotion) and recharts write style elements and attributes at run time;
 *  - no framing (frame-ancestors 'none' and X-Frame-Options DENY), nosniff, no referrer;
 *  - HSTS only on requests that arrived over HTTPS (directly, or through a proxy trusted with
 *    TRUST_PROXY), so a plain-HTTP development server does not pin browsers to HTTPS.
 * API answers may carry personal data, so none of them is stored by browsers or proxies.
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    hsts: false,
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    if (isApiPath(request.url) && !request.url.startsWith('/api/docs')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
