import type { FastifyInstance } from 'fastify';
import { companyToday } from '../../src/config/companyTime';
import {
  exportErasureList,
  exportPrivacyLog,
  getPrivacyLog,
  type PrivacyLogEntry,
  type PrivacyLogFilter,
} from '../../src/resources/privacy/privacy.endpoints';
import { entryConcerns, privacyLogKindName } from '../../src/resources/privacy/privacyLog.rules';
import { sendSheet, type SheetExport } from '../platform/excel/excelExport';
import { sendRecordedDownload } from '../platform/excel/sendRecordedDownload';
import { badRequest } from '../platform/http/apiError';
import { endpointRoute } from '../platform/http/endpointRoute';
import { filteredPrivacyLog, privacyLogPage, writeErasureList } from './privacyLogQueries';

const checked = (filter: PrivacyLogFilter) => {
  if (filter.from && filter.to && filter.from > filter.to) {
    throw badRequest('Der Zeitraum endet vor seinem Beginn.', { to: 'Bis muss nach Von liegen.' });
  }
  return filter;
};

/** The Datenschutz-Protokoll as a sheet, one row per entry, the same WHERE and order as the page. */
function privacyLogExport(
  filter: PrivacyLogFilter,
  zone: string,
): SheetExport<PrivacyLogEntry & { localAt: string }> {
  return {
    sheet: 'Datenschutz-Protokoll',
    columns: [
      { header: 'Zeitpunkt', key: 'at', width: 18, kind: 'dateTime' },
      { header: 'Art', key: 'kind', width: 20 },
      { header: 'Person', key: 'actor', width: 24 },
      { header: 'Betrifft', key: 'concerns', width: 48 },
      { header: 'Zeilen', key: 'rows', width: 10, kind: 'number' },
      { header: 'Anlass', key: 'reason', width: 48 },
    ],
    query: filteredPrivacyLog(filter, zone),
    cells: (entry) => ({
      at: entry.localAt,
      kind: privacyLogKindName(entry.kind),
      actor: entry.actorName,
      concerns: entryConcerns(entry),
      rows: entry.rowCount,
      reason: entry.reason ?? '',
    }),
  };
}

/** Admin → Datenschutz: the log of Auskünfte, Löschungen and exports, its Excel export, the Löschliste. */
export function registerPrivacyLogRoutes(app: FastifyInstance) {
  endpointRoute(app, getPrivacyLog, async (request) =>
    privacyLogPage(app.db, checked(request.query), app.timeZone, request.query),
  );

  endpointRoute(app, exportPrivacyLog, async (request, reply) => {
    const spec = privacyLogExport(checked(request.query), app.timeZone);
    return sendSheet(request, reply, app.db, {
      spec,
      fileName: `Datenschutz-Protokoll_${companyToday(app.timeZone)}.xlsx`,
      subject: 'Datenschutz-Protokoll',
    });
  });

  endpointRoute(app, exportErasureList, async (request, reply) =>
    sendRecordedDownload(
      request,
      reply,
      {
        fileName: `Loeschliste_${companyToday(app.timeZone)}.csv`,
        contentType: 'text/csv; charset=utf-8',
        subject: 'Löschliste (CSV)',
      },
      (out) => writeErasureList(app.db, out),
    ),
  );
}
