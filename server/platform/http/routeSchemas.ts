import { errorResponse } from './wrapped';

/** The error answers a signed-in, group-checked call can give (German `result.message`). */
export const apiErrors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};
