import type { FastifyReply, FastifyRequest } from 'fastify';
import { PassThrough, type Writable } from 'node:stream';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Answers with an Excel download that `write` streams into; call it after every check that may still give a
 * German 400/403, since once the first byte left, a failure can only break the download (it is logged).
 */
export function sendWorkbook(
  request: FastifyRequest,
  reply: FastifyReply,
  fileName: string,
  write: (out: Writable) => Promise<unknown>,
) {
  const out = new PassThrough();
  write(out).catch((error: unknown) => {
    request.log.warn({ err: error, fileName }, 'Excel-Export abgebrochen');
    out.destroy(error as Error);
  });
  return reply.type(XLSX).header('Content-Disposition', `attachment; filename="${fileName}"`).send(out);
}
