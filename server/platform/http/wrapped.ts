/**
 * JSON schema of the `{statusCode, result}` wrapper around a result, the shape of every answer of the
 * client's API.
 */
export const wrapped = (result: object) => ({
  type: 'object',
  properties: { statusCode: { type: 'integer' }, result },
});

/** JSON schema of an error answer: `result.message` in German, field errors for forms. */
export const errorResponse = wrapped({
  type: 'object',
  properties: {
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'string' } },
  },
});
