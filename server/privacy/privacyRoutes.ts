import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { formatCompanyDateTime } from '../../src/config/companyTime';
import { formatDate } from '../../src/i18n/format';
import { eraseCustomerData, getCustomerDataReport } from '../../src/resources/privacy/privacy.endpoints';
import { TENANTS } from '../platform/config/tenants';
import { attachmentHeader } from '../platform/files/fileStore';
import { notFound } from '../platform/http/apiError';
import { endpointRoute } from '../platform/http/endpointRoute';
import { collectCustomerData } from './customerData';
import { eraseCustomer } from './eraseCustomer';
import { renderDataReport } from './renderDataReport';

/** Data-protection requests on a customer: the Art. 15 report and the Art. 17 erasure, each recorded. */
export function registerPrivacyRoutes(app: FastifyInstance) {
  const { db } = app;
  // Days and times as the company's staff read them, in the tenant's time zone.
  const when = (instant: unknown) => {
    if (instant === null || instant === undefined || instant === '') return '';
    if (typeof instant === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(instant)) return formatDate(instant);
    return formatCompanyDateTime(instant instanceof Date ? instant : String(instant), app.timeZone);
  };

  endpointRoute(app, getCustomerDataReport, async (request, reply) => {
    const caller = request.caller!;
    const data = await collectCustomerData(db, request.params.id, when);
    if (!data) throw notFound('Diesen Kunden gibt es nicht (mehr).');
    const name = String(data.customer.display_name ?? '');
    const pdf = await renderDataReport(
      TENANTS[app.tenantId],
      {
        name,
        customerNumber: (data.customer.customer_number as string | null) ?? null,
        madeAt: when(new Date()),
        madeBy: caller.name,
      },
      data.sections,
    );
    await sql`INSERT INTO privacy_request (kind, customer_id, customer_number, requested_by_oid, requested_by_name)
      VALUES ('auskunft', ${request.params.id}, ${data.customer.customer_number as string | null}, ${caller.oid},
        ${caller.name})`.execute(db);
    return reply
      .type('application/pdf')
      .header('content-disposition', attachmentHeader(`Auskunft-DSGVO-${request.params.id}.pdf`))
      .header('cache-control', 'no-store')
      .send(pdf);
  });

  endpointRoute(app, eraseCustomerData, async (request, _reply, trx) => {
    const { reason, version } = request.body;
    const caller = request.caller!;
    const result = await eraseCustomer(trx, app.fileStore, caller, request.params.id, version, reason.trim());
    // The bytes go once the rows are gone for good; inside a replayable call's transaction that is not yet the
    // case, and the marks left in it are removed by the file store's background job instead.
    if (!trx.isTransaction) {
      for (const storedName of result.storedNames) await app.fileStore.removeMarked(storedName);
    }
    return {
      id: request.params.id,
      erasedAt: result.erasedAt,
      keptBelege: result.keptBelege,
      removedFiles: result.storedNames.length,
    };
  });
}
