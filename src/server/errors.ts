import { ERROR_STATUS, type ErrorCode } from '../common/errors.js';

/** The one error type handlers throw; the error handler turns it into `{message, code, errors?}`. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: { errors?: Record<string, string>; body?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new AppError('BAD_REQUEST', message, errors ? { errors } : {});
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const unauthorized = (message = 'Unauthorized') => new AppError('UNAUTHORIZED', message);
export const forbidden = (message = 'Forbidden') => new AppError('FORBIDDEN', message);
