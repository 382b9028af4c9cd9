import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Users (issue 13): GET /users, PUT /users/:id/{status,make-admin,update-info,subscription}, DELETE /users/:id. Registered inside the guarded admin scope (admin.routes.ts). */
export const adminUsersRoutes: FastifyPluginAsyncZod = async () => {};
