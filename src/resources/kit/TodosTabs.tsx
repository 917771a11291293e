import { Tab, Tabs } from '@mui/material';
import { Link, useLocation } from 'react-router-dom';

const TABS = [
  { to: '/crm/todos', label: 'Fällig' },
  { to: '/crm/todos/aktivitaeten', label: 'Alle Aktivitäten' },
];

/** Todos (what is due) and all activities across customers: two views of the same work, side by side. */
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
