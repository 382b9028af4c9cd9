import { adminUsersResponseSchema } from '../../../../common/admin-users.schemas.js';
import type { AppContext } from '../../../context.js';
import { adminUsersRepository } from './admin-users.repository.js';

/**
 * GET /api/admin/users's answer: built by one query (the users with both counts) and checked against
 * the response schema, then kept as JSON bytes while the database's change token stays the same — the
 * rule the session lookup already follows (plugins/sessions.ts): any write by this process or any
 * commit by another connection makes the next call build it afresh. PostgreSQL has no such token
 * (other instances write unseen), so there every call runs the query.
 */
export class AdminUsersList {
  private kept: { token: string; body: Buffer } | undefined;

  constructor(private readonly ctx: AppContext) {}

  async json(): Promise<Buffer> {
    // Read before the query: a write that lands meanwhile leaves this answer under a stale token.
    const token = this.ctx.dbChangeToken();
    if (token !== null && this.kept?.token === token) return this.kept.body;
    const users = adminUsersResponseSchema.parse(await adminUsersRepository.listWithCounts(this.ctx.db));
    // Kept as bytes: a repeat answer is then written as is, not encoded again.
    const body = Buffer.from(JSON.stringify(users));
    this.kept = token === null ? undefined : { token, body };
    return body;
  }
}
