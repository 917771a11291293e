import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Writable } from 'node:stream';
import { sendRecordedDownload } from './sendRecordedDownload';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Answers with an Excel download that `write` streams into, recorded as `sendRecordedDownload` says. */
export async function sendWorkbook(
  request: FastifyRequest,
  reply: FastifyReply,
  fileName: string,
  write: (out: Writable) => Promise<number>,
  subject: string,
) {
  return sendRecordedDownload(request, reply, { fileName, contentType: XLSX, subject }, write);
}
