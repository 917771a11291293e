/** The CRM's own German texts (not react-admin's). */
export const crmMessages = {
  crm: {
    filter: {
      mode: 'Vergleich',
      startsWith: 'Beginnt mit',
      contains: 'Beinhaltet',
      equals: 'Gleich',
      notEquals: 'Ungleich',
      search: 'Suchen',
      apply: 'Anwenden',
      clear: 'Löschen',
      cancel: 'Abbrechen',
      choose: 'Auswählen',
    },
    deleted: 'Eintrag gelöscht',
  },
};

export const MATCH_MODE_CHOICES = [
  { id: 'startsWith', name: 'crm.filter.startsWith' },
  { id: 'contains', name: 'crm.filter.contains' },
  { id: 'equals', name: 'crm.filter.equals' },
  { id: 'notEquals', name: 'crm.filter.notEquals' },
];
