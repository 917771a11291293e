import { errorResponse } from './wrapped';

/** Path parameter `:id`, a positive whole number. */
export const idParams = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1 } },
  required: ['id'],
} as const;

/** The error answers a signed-in, group-checked call can give (German `result.message`). */
export const apiErrors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};
