/** Error codes shared by server and web; the server maps each to its HTTP status. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  INSUFFICIENT_STORAGE: 507,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** The JSON body of every /api error (docs/product/api.md#errors). */
export interface ApiErrorBody {
  message: string;
  code?: ErrorCode;
  errors?: Record<string, string>;
}
