import type { FastifyInstance } from 'fastify';
import { companyToday } from '../../src/config/companyTime';
import {
  exportVorgangExcel,
  getAllHerkunft,
  getAllVorgangs,
  getVorgangByBelegnr,
  getVorgangCounts,
  type VorgangFilter,
} from '../../src/resources/vorgaenge/vorgangList.endpoints';
import { sendSheet } from '../platform/excel/excelExport';
import { badRequest, notFound } from '../platform/http/apiError';
import { endpointRoute } from '../platform/http/endpointRoute';
import { vorgangExport } from './exportVorgaenge';
import { registerNewVorgangRoutes } from './newVorgangRoutes';
import { countVorgaenge } from './vorgangCountQueries';
import { herkunftValues, listVorgaenge, vorgangOfBeleg, type ListContext } from './vorgangListQueries';

const DAY_FILTERS = {
  createdFrom: 'Angelegt ab',
  createdTo: 'Angelegt bis',
  expectedFrom: 'Erwarteter Auftrag ab',
  expectedTo: 'Erwarteter Auftrag bis',
  activityFrom: 'Letzte Aktivität ab',
  activityTo: 'Letzte Aktivität bis',
  belegFrom: 'Belegdatum ab',
  belegTo: 'Belegdatum bis',
  inactiveSince: 'Ohne Aktivität seit',
} as const;

const isCalendarDay = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
};

/** The pattern lets 2026-02-31 through; such a day (or a range upside down) is a German 400 at its field. */
export function checkFilter(filter: VorgangFilter) {
  const errors: Record<string, string> = {};
  for (const [key, label] of Object.entries(DAY_FILTERS)) {
    const day = filter[key as keyof typeof DAY_FILTERS];
    if (day && !isCalendarDay(day)) errors[key] = `${label}: Bitte geben Sie ein gültiges Datum ein.`;
  }
  if (filter.netFrom !== undefined && filter.netTo !== undefined && filter.netFrom > filter.netTo) {
    errors.netTo = 'Summe netto bis: Der Betrag muss mindestens so groß sein wie „ab“.';
  }
  if ((filter.belegFrom || filter.belegTo) && !filter.belegType) {
    errors.belegType = 'Belegart: Bitte wählen Sie zum Belegdatum eine Belegart.';
  }
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
}

/** The Vorgänge list, its counts, its Herkunft values, the Belegnummer jump, the Excel export and the new Vorgang. */
export function registerVorgangListRoutes(app: FastifyInstance) {
  const { db } = app;
  const contextOf = (oid: string): ListContext => ({ callerOid: oid, zone: app.timeZone });

  endpointRoute(app, getAllVorgangs, async (request) => {
    checkFilter(request.query);
    return listVorgaenge(db, request.query, contextOf(request.caller!.oid));
  });

  endpointRoute(app, getVorgangCounts, async (request) => {
    checkFilter(request.query);
    return countVorgaenge(db, request.query, contextOf(request.caller!.oid));
  });

  endpointRoute(app, getAllHerkunft, async () => herkunftValues(db));

  endpointRoute(app, getVorgangByBelegnr, async (request) => {
    const found = await vorgangOfBeleg(db, request.params.belegnr);
    if (!found) throw notFound(`Zur Belegnummer „${request.params.belegnr}“ gibt es keinen Vorgang.`);
    return found;
  });

  endpointRoute(app, exportVorgangExcel, async (request, reply) => {
    // Checked before the first byte: a bad filter is still a German 400, not a broken file.
    checkFilter(request.query);
    const spec = await vorgangExport(db, request.query, contextOf(request.caller!.oid));
    return sendSheet(request, reply, app.readDb(request), {
      spec,
      fileName: `Vorgaenge_${companyToday(app.timeZone)}.xlsx`,
      subject: 'Vorgänge (Liste)',
    });
  });

  registerNewVorgangRoutes(app);
}
