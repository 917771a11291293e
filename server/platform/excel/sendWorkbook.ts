import type { FastifyReply, FastifyRequest } from 'fastify';
import { PassThrough, type Writable } from 'node:stream';
import { recordExport } from './recordExport';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Answers with an Excel download that `write` streams into (answering how many rows it wrote); call it after every
 * check that may still give a German 400/403, since once the first byte left, a failure can only break the
 * download (it is logged). Every export is recorded in the Datenschutz-Protokoll first: who, `subject` (which list,
 * which selection, no values), and its rows once written.
 */
export async function sendWorkbook(
  request: FastifyRequest,
  reply: FastifyReply,
  fileName: string,
  write: (out: Writable) => Promise<number>,
  subject: string,
) {
  const recorded = await recordExport(request, subject);
  const out = new PassThrough();
  write(out).then(
    (rows) =>
      recorded.finish(rows).catch((error: unknown) => {
        request.log.error({ err: error, fileName }, 'Export nicht im Datenschutz-Protokoll vermerkt');
      }),
    async (error: unknown) => {
      request.log.warn({ err: error, fileName }, 'Excel-Export abgebrochen');
      out.destroy(error as Error);
      await recorded.finish(null).catch(() => undefined);
    },
  );
  return reply.type(XLSX).header('Content-Disposition', `attachment; filename="${fileName}"`).send(out);
}
