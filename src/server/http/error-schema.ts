import { z } from 'zod';

/**
 * The response schema of every /api error status, for the routes' declarations and the OpenAPI
 * document. Loose: the error handler's `code` and field `errors` pass through as they are.
 */
export const errorSchema = z.object({ message: z.string() }).loose();
