import type { FastifyReply, FastifyRequest } from 'fastify';
import { PassThrough, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
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
  // The workbook is written into `sheet`, which feeds the answer without ending it: the answer ends only once the
  // export's row count is in the Datenschutz-Protokoll, so whoever has the whole file finds the export recorded.
  const out = new PassThrough();
  const sheet = new PassThrough();
  sheet.pipe(out, { end: false });
  // A download broken off by the client stops the writer too (it waits for the answer's room otherwise).
  out.on('close', () => {
    if (!out.writableFinished) sheet.destroy(new Error('Der Download wurde abgebrochen.'));
  });
  write(sheet).then(
    async (rows) => {
      await finished(sheet).catch(() => undefined);
      await recorded.finish(rows).catch((error: unknown) => {
        request.log.error({ err: error, fileName }, 'Export nicht im Datenschutz-Protokoll vermerkt');
      });
      out.end();
    },
    async (error: unknown) => {
      request.log.warn({ err: error, fileName }, 'Excel-Export abgebrochen');
      out.destroy(error as Error);
      await recorded.finish(null).catch(() => undefined);
    },
  );
  return reply.type(XLSX).header('Content-Disposition', `attachment; filename="${fileName}"`).send(out);
}
