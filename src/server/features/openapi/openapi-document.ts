import swagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { ADMIN_PREFIX } from '../admin/admin.routes.js';
import { requireAccess, requireUser } from '../../plugins/guards.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route needs a signed-in session but checks it itself rather than through requireUser or
     * requireAccess: said here so the OpenAPI document marks it (openapi.test.ts checks every mark).
     */
    signedIn?: boolean;
  }
}

/** The security scheme of routes that need a signed-in session: the session cookie set by POST /api/login. */
export const SESSION_SECURITY_SCHEME = 'sessionCookie';

/** Whether a route is one integrators may call: under /api and not administration. */
export const isPublishedRoute = (url: string): boolean => url.startsWith('/api/') && !url.startsWith(`${ADMIN_PREFIX}/`) && url !== ADMIN_PREFIX;

/** Whether a route's guards ask for a signed-in session. */
export function needsSession(route: Pick<RouteOptions, 'preValidation' | 'preHandler' | 'onRequest' | 'config'>): boolean {
  if (route.config?.signedIn) return true;
  const hooks = [route.onRequest, route.preValidation, route.preHandler].flat();
  return hooks.some((hook) => hook === requireUser || hook === requireAccess);
}

const zodTransform = createJsonSchemaTransform({ skipList: [] });

/**
 * Registers @fastify/swagger (before any route, so it sees them all): the API as OpenAPI 3.1, built
 * from the routes' own zod schemas, so it cannot say something the validation does not do. Only /api
 * routes are published; administration routes are always left out: they are the dashboard's, not an
 * integration surface, and listing them would map the admin area for anyone.
 */
export async function registerOpenApiDocument(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Spindle API',
        version,
        description:
          'The API of Spindle, a vinyl record collection manager. Sign in with POST /api/login: the answer sets the session cookie that the routes marked with sessionCookie need. Changes (POST, PUT, DELETE) must come from the site itself (Origin header) or carry no Origin and no Sec-Fetch-Site header.',
      },
      components: {
        securitySchemes: {
          [SESSION_SECURITY_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: 'spindle_session',
            description: 'Named __Host-spindle_session when the site is served over https.',
          },
        },
      },
    },
    transform: (document) => {
      const { route, url } = document;
      if (!isPublishedRoute(url)) return { schema: { hide: true }, url };
      const transformed = zodTransform(document);
      const schema = { ...(transformed.schema as Record<string, unknown> | undefined) };
      schema.security = needsSession(route) ? [{ [SESSION_SECURITY_SCHEME]: [] }] : [];
      return { schema, url };
    },
  });
}
