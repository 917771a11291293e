import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { sendWorkbook } from './sendWorkbook';
import { writeSheet, type SheetExport } from './writeSheet';

export type { ExcelColumn, ExcelColumnKind } from './excelColumns';
export type { SheetExport } from './writeSheet';

/**
 * Answers with the export as an Excel download streamed from the database (`writeSheet`), recorded in the
 * Datenschutz-Protokoll as `subject` (`sendWorkbook`); call it after every check that may still be a 400/403.
 */
export function sendSheet<Row>(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Database,
  export_: { spec: SheetExport<Row>; fileName: string; subject: string },
) {
  const { spec, fileName, subject } = export_;
  return sendWorkbook(request, reply, fileName, (out) => writeSheet(db, spec, out), subject);
}
