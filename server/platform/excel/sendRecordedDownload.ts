import type { FastifyReply, FastifyRequest } from 'fastify';
import { PassThrough, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { recordExport } from './recordExport';

/** What a recorded download is: its file name and type, and what the Datenschutz-Protokoll says it held. */
export interface RecordedDownload {
  fileName: string;
  contentType: string;
  /** Which list and which selection, never a value of one. */
  subject: string;
}

/**
 * Answers with a download that `write` streams into and ends (answering how many rows it wrote); call it after every
 * check that may still give a German 400/403, since once the first byte left, a failure can only break the download
 * (it is logged). It is recorded in the Datenschutz-Protokoll first: who and what, and its rows once written.
 */
export async function sendRecordedDownload(
  request: FastifyRequest,
  reply: FastifyReply,
  download: RecordedDownload,
  write: (out: Writable) => Promise<number>,
) {
  const { fileName } = download;
  const recorded = await recordExport(request, download.subject);
  // The file is written into `file`, which feeds the answer without ending it: the answer ends only once the
  // row count is in the Datenschutz-Protokoll, so whoever has the whole file finds the export recorded.
  const out = new PassThrough();
  const file = new PassThrough();
  file.pipe(out, { end: false });
  // A download broken off by the client stops the writer too (it waits for the answer's room otherwise).
  out.on('close', () => {
    if (!out.writableFinished) file.destroy(new Error('Der Download wurde abgebrochen.'));
  });
  write(file).then(
    async (rows) => {
      await finished(file).catch(() => undefined);
      await recorded.finish(rows).catch((error: unknown) => {
        request.log.error({ err: error, fileName }, 'Export nicht im Datenschutz-Protokoll vermerkt');
      });
      out.end();
    },
    async (error: unknown) => {
      request.log.warn({ err: error, fileName }, 'Export abgebrochen');
      out.destroy(error as Error);
      await recorded.finish(null).catch(() => undefined);
    },
  );
  return reply
    .type(download.contentType)
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(out);
}
