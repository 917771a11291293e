import type { FastifyInstance } from 'fastify';
import { PassThrough } from 'node:stream';
import { formatCompanyDateTime } from '../../src/config/companyTime';
import { formatDate } from '../../src/i18n/format';
import type { EntityDeclaration } from '../../src/resources/entity';
import { eraseCustomerData, getCustomerDataReport } from '../../src/resources/privacy/privacy.endpoints';
import { changeAreas } from '../changeHistory/changeAreas';
import { describeChanges, type ChangeRow } from '../changeHistory/describeChanges';
import { TENANTS } from '../platform/config/tenants';
import { attachmentHeader } from '../platform/files/fileStore';
import { notFound } from '../platform/http/apiError';
import { endpointRoute } from '../platform/http/endpointRoute';
import { art15Information } from './art15Information';
import { collectCustomerData } from './customerDataReport';
import type { DataSection } from './customerDataTypes';
import { writeDataReportZip, zipPaths } from './dataReportZip';
import { eraseCustomer } from './eraseCustomer';
import { renderDataReport } from './renderDataReport';

/** A section as the machine-readable copy holds it: each row one object of label → value. */
const asJson = (section: DataSection) => ({
  titel: section.title,
  eintraege: section.rows.map((row) => Object.fromEntries(row.map(({ label, value }) => [label, value]))),
});

/** Data-protection requests on a customer: the Art. 15 report and the Art. 17 erasure, each recorded. */
export function registerPrivacyRoutes(app: FastifyInstance, entities: readonly EntityDeclaration[]) {
  const { db } = app;
  const areas = changeAreas(entities);
  const byName = new Map(entities.map((e) => [e.name, e]));
  const describe = (rows: ChangeRow[]) => describeChanges(db, rows, areas, byName, app.timeZone);
  // Days and times as the company's staff read them, in the tenant's time zone.
  const when = (instant: unknown) => {
    if (instant === null || instant === undefined || instant === '') return '';
    if (typeof instant === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(instant)) return formatDate(instant);
    return formatCompanyDateTime(instant instanceof Date ? instant : String(instant), app.timeZone);
  };

  endpointRoute(app, getCustomerDataReport, async (request, reply) => {
    const caller = request.caller!;
    const tenant = TENANTS[app.tenantId];
    const data = await collectCustomerData(db, request.params.id, when, describe);
    if (!data) throw notFound('Diesen Kunden gibt es nicht (mehr).');
    const settings = await db
      .selectFrom('global_settings')
      .select('change_history_months as months')
      .where('id', '=', 1)
      .executeTakeFirst();
    const information = art15Information(tenant, {
      ...data.source,
      historyMonths: settings?.months ?? 24,
    });
    const name = String(data.customer.display_name ?? '');
    const customerNumber = (data.customer.customer_number as string | null) ?? null;
    const madeAt = new Date();
    const pdf = await renderDataReport(
      tenant,
      { name, customerNumber, madeAt: when(madeAt), madeBy: caller.name },
      information,
      data.sections,
    );
    const paths = zipPaths(data.files);
    const files = data.files.map((file, i) => ({ ...file, path: paths[i]! }));
    const json = Buffer.from(
      JSON.stringify(
        {
          format: 'Auskunft nach Art. 15 DSGVO, maschinenlesbare Kopie nach Art. 20 DSGVO',
          erstelltAm: madeAt.toISOString(),
          erstelltVon: caller.name,
          verantwortlicher: tenant.company.name,
          betroffenePerson: { name, kundennummer: customerNumber },
          informationen: Object.fromEntries(
            information.rows.flat().map(({ label, value }) => [label, value]),
          ),
          abschnitte: data.sections.map(asJson),
          dateien: files.map((file) => ({
            name: file.name,
            datei: file.path,
            gehoertZu: file.belongsTo,
            groesseBytes: file.sizeBytes,
            hochgeladen: file.uploadedAt,
          })),
        },
        null,
        2,
      ),
    );
    await db
      .insertInto('privacy_request')
      .values({
        kind: 'auskunft',
        customer_id: request.params.id,
        customer_number: customerNumber,
        requested_by_oid: caller.oid,
        requested_by_name: caller.name,
      })
      .execute();
    const out = new PassThrough();
    writeDataReportZip(out, { pdf, json, files }, (storedName) => app.fileStore.read(storedName)).catch(
      (error: unknown) => {
        request.log.warn({ err: error }, 'Auskunft (ZIP) abgebrochen');
        out.destroy(error as Error);
      },
    );
    return reply
      .type('application/zip')
      .header(
        'content-disposition',
        attachmentHeader(`Auskunft-DSGVO-${customerNumber ?? request.params.id}.zip`),
      )
      .header('cache-control', 'no-store')
      .send(out);
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
