import { Tab, Tabs } from '@mui/material';
import { Link, useLocation } from 'react-router-dom';

const TABS = [
  { to: '/crm/todos', label: 'Fällig' },
  { to: '/crm/todos/aktivitaeten', label: 'Alle Aktivitäten' },
  { to: '/crm/todos/kalender', label: 'Kalender' },
];

/** Todos (what is due), all activities across customers and the calendar of Termine: views of the same work. */
export function TodosTabs() {
  const { pathname } = useLocation();
  const current = TABS.findIndex((tab) => tab.to === pathname.replace(/\/$/, ''));
  return (
    <Tabs value={current === -1 ? 0 : current} sx={{ mb: 2 }} aria-label="Todos und Aktivitäten">
      {TABS.map((tab) => (
        <Tab key={tab.to} label={tab.label} component={Link} to={tab.to} />
      ))}
    </Tabs>
  );
}
