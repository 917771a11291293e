import Type from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { GROUPS } from '../../auth/groups';
import { Day, DueScopeQuery } from '../todos/dueItems.endpoints';

/** Activities per ISO week and type of a scope (me, a seller, the branch), for the dashboard's chart. */
export const getUserActivitiesChartData = defineEndpoint({
  method: 'GET',
  path: 'activity/getUserActivitiesChartData',
  access: { groups: [GROUPS.kunde] },
  tags: ['Aktivitäten'],
  summary: 'Aktivitäten je Kalenderwoche und Art (letzte Wochen), für mich, einen Verkäufer oder die Filiale',
  query: Type.Object({
    ...DueScopeQuery,
    weeks: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 53, description: 'Anzahl Wochen (Standard 12)' }),
    ),
  }),
  response: Type.Array(
    Type.Object({
      weekStart: Day({ description: 'Montag der Kalenderwoche' }),
      activityType: Type.String(),
      count: Type.Integer(),
    }),
  ),
});
