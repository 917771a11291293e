// The eight entries of the floor's menu, as many as our app's side menu shows a seller.
export const MENU = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/kunden', label: 'Kunden' },
  { to: '/vorgang', label: 'Vorgänge' },
  { to: '/vorgang/kartenansicht', label: 'Kartenansicht' },
  { to: '/kalender', label: 'Kalender' },
  { to: '/aufgaben', label: 'Aufgaben' },
  { to: '/auswertungen', label: 'Auswertungen' },
  { to: '/einstellungen', label: 'Einstellungen' },
] as const;
