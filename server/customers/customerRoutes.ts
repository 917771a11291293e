import type { FastifyInstance } from 'fastify';
import { companyToday } from '../../src/config/companyTime';
import customerEntity from '../../src/resources/customers/customer.entity';
import { endCustomerForm } from '../../src/resources/customers/endCustomer.form';
import { addLabelsOfReason } from './customerLabels';
import { customerVorgaenge } from './customerVorgangQueries';
import { customerExport } from './exportCustomers';
import { sendSheet } from '../platform/excel/excelExport';
import { filterNames } from '../platform/excel/recordExport';
import { possibleDuplicates as findPossibleDuplicates } from './possibleDuplicates';
import { updateCustomerField as changeCustomerField } from './updateCustomerField';
import { addEndCustomerToVorgang, setPositionText } from './vorgangDetails';
import { getRecord, listRecords } from '../platform/entities/entityRepository';
import { parseListParams } from '../platform/entities/listQuery';
import { validateInput } from '../platform/entities/validateInput';
import { addressContext } from '../platform/entities/addressContext';
import {
  addCustomDescriptionToPosNr,
  addEndkundeToVorgang,
  exportCustomers,
  getVorgaengeForCustomer,
  possibleDuplicates,
  updateCustomerField,
  updateCustomerLabelsForActivityReason,
} from '../../src/resources/customers/customers.endpoints';
import { endpointRoute } from '../platform/http/endpointRoute';
import { withChangeRecord } from '../platform/changes/recordChange';
import { customerSubject } from './customerSnapshot';

/**
 * The customer calls beyond list and form (the client's kunde/… paths): in-place fields, duplicates, export,
 * Vorgänge.
 */
export function registerCustomerRoutes(app: FastifyInstance) {
  const { db } = app;

  endpointRoute(app, updateCustomerField, async (request, _reply, trx) =>
    changeCustomerField(trx, { ...request.body, value: request.body.value }, request.caller!, app.timeZone),
  );

  endpointRoute(app, updateCustomerLabelsForActivityReason, async (request) => {
    const { customerId, reasonId } = request.body;
    await getRecord(db, customerEntity, customerId);
    const added = await db
      .transaction()
      .execute((trx) =>
        withChangeRecord(trx, { ...customerSubject(customerId), actor: request.caller! }, () =>
          addLabelsOfReason(trx, customerId, reasonId, request.caller!, app.timeZone),
        ),
      );
    return { added };
  });

  endpointRoute(app, possibleDuplicates, async (request) => findPossibleDuplicates(db, request.query));

  endpointRoute(app, exportCustomers, async (request, reply) => {
    const params = parseListParams(customerEntity, request.query, request.caller!.oid);
    // Checks the filter before the first byte: a bad one is still a German 400, not a broken file.
    await listRecords(db, customerEntity, { ...params, page: 1, perPage: 1 });
    const spec = customerExport(params, app.timeZone);
    const label = (key: string) => customerEntity.fields.find((f) => f.source === key)?.label;
    return sendSheet(request, reply, app.readDb(request), {
      spec,
      fileName: `Kunden_${companyToday(app.timeZone)}.xlsx`,
      subject: `Kunden (Liste${filterNames(params.filter, label)})`,
    });
  });

  endpointRoute(app, getVorgaengeForCustomer, async (request) => {
    await getRecord(db, customerEntity, request.params.id);
    return customerVorgaenge(db, request.params.id);
  });

  endpointRoute(app, addEndkundeToVorgang, async (request) => {
    const { customerId, vorgangId, version } = request.body;
    // An Endkunde without its own Land lives where the Vorgang's branch is (as the dialog presets it).
    const vorgang = await db
      .selectFrom('vorgang')
      .select('branch_id')
      .where('id', '=', vorgangId)
      .executeTakeFirst();
    const context = await addressContext(db, app.tenantId, request.caller!, vorgang?.branch_id);
    const values = await validateInput(endCustomerForm, request.body?.endCustomer, context);
    return addEndCustomerToVorgang(db, { customerId, vorgangId, version }, values, request.caller!);
  });

  endpointRoute(app, addCustomDescriptionToPosNr, async (request) =>
    setPositionText(
      db,
      { ...request.body, customDescription: request.body.customDescription ?? null },
      request.caller!,
    ),
  );
}
