import Type from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { GROUPS } from '../../auth/groups';
import { DueList, DueScopeQuery } from './dueItems.endpoints';

const access = { groups: [GROUPS.kunde] };
const tags = ['Vorgänge'];

/** Fällige Labels: labels with a due date on Vorgänge and on customers, bucketed by the company's day. */
export const getVorgangsFaellig = defineEndpoint({
  method: 'GET',
  path: 'vorgang/getVorgangsFaellig',
  access,
  tags,
  summary: 'Fällige Labels an Vorgängen und Kunden (Überfällig, Heute, Diese Woche, Später)',
  query: Type.Object(DueScopeQuery),
  response: DueList,
});

/** The same labels as an Excel file (streamed). */
export const exportVorgangFaelligExcel = defineEndpoint({
  method: 'GET',
  path: 'vorgang/exportVorgangFaelligExcel',
  access,
  tags,
  summary: 'Fällige Labels als Excel-Datei',
  query: Type.Object(DueScopeQuery),
  kind: 'file',
});
