import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/** Answers with Graph's error body: `{ error: { code, message, innerError } }`. */
export const graphError = (reply: FastifyReply, status: number, code: string, message: string) =>
  reply.code(status).send({
    error: {
      code,
      message,
      innerError: { date: new Date().toISOString(), 'request-id': randomBytes(8).toString('hex') },
    },
  });

/** Graph's 404 for an item that is not (or no longer) in the mailbox. */
export const itemNotFound = (reply: FastifyReply) =>
  graphError(reply, 404, 'ErrorItemNotFound', 'The specified object was not found in the store.');
