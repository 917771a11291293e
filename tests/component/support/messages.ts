/** The German messages of the API and the HTTP client that the tests expect users to read. */
export const MESSAGES = {
  offline: 'Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung.',
  forbidden: 'Sie haben keine Berechtigung für diese Funktion.',
  conflict:
    'Der Datensatz wurde inzwischen von jemand anderem geändert. Bitte laden Sie ihn neu und wiederholen Sie Ihre Änderung.',
  invalid: 'Bitte prüfen Sie Ihre Eingaben.',
  duplicateLabel: 'Ein Label mit diesem Namen gibt es bereits.',
} as const;
