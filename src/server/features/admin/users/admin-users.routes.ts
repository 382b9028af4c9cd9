import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminMakeAdminResponseSchema,
  adminStatusRequestSchema,
  adminStatusResponseSchema,
  adminSubscriptionRequestSchema,
  adminSubscriptionResponseSchema,
  adminUpdateInfoRequestSchema,
  adminUpdateInfoResponseSchema,
  adminUserParamsSchema,
  adminUsersResponseSchema,
} from '../../../../common/admin-users.schemas.js';
import { currentUser } from '../../../plugins/guards.js';
import { AdminUsersList } from './admin-users-list.js';
import { deleteUser, makeAdmin, setAccountStatus, updateInfo, updateSubscription } from './admin-users.service.js';
import { errorSchema } from '../../../http/error-schema.js';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/**
 * Users (docs/product/admin.md#users): GET /users, PUT /users/:id/{status,make-admin,update-info,subscription},
 * DELETE /users/:id. Registered inside the guarded admin scope (admin.routes.ts): 401 signed out, 403
 * for non-administrators, before any of these runs.
 */
export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const list = new AdminUsersList(app.ctx);

  app.get('/users', { schema: { response: { 200: adminUsersResponseSchema, ...errors } } }, async (_request, typedReply) => {
    // Sent as the JSON text the list keeps; the 200 schema documents (and built) it.
    const reply = typedReply as FastifyReply;
    return reply.type('application/json; charset=utf-8').send(await list.json());
  });

  app.put(
    '/users/:id/status',
    {
      schema: {
        params: adminUserParamsSchema,
        body: adminStatusRequestSchema,
        response: { 200: adminStatusResponseSchema, ...errors },
      },
    },
    async (request) => {
      await setAccountStatus(app.ctx, currentUser(request).id, request.params.id, request.body.status);
      return { id: request.params.id, accountStatus: request.body.status };
    },
  );

  app.put(
    '/users/:id/make-admin',
    { schema: { params: adminUserParamsSchema, response: { 200: adminMakeAdminResponseSchema, ...errors } } },
    async (request) => {
      await makeAdmin(app.ctx, request.params.id);
      return { id: request.params.id, isAdmin: true as const };
    },
  );

  app.put(
    '/users/:id/update-info',
    {
      schema: {
        params: adminUserParamsSchema,
        body: adminUpdateInfoRequestSchema,
        response: { 200: adminUpdateInfoResponseSchema, ...errors },
      },
    },
    async (request) => updateInfo(app.ctx, request.params.id, request.body),
  );

  app.put(
    '/users/:id/subscription',
    {
      schema: {
        params: adminUserParamsSchema,
        body: adminSubscriptionRequestSchema,
        response: { 200: adminSubscriptionResponseSchema, ...errors },
      },
    },
    async (request) => updateSubscription(app.ctx, request.params.id, request.body),
  );

  app.delete(
    '/users/:id',
    { schema: { params: adminUserParamsSchema, response: { 200: z.object({ message: z.string() }), ...errors } } },
    async (request) => {
      await deleteUser(app.ctx, currentUser(request).id, request.params.id);
      return { message: 'User deleted successfully' };
    },
  );
};
