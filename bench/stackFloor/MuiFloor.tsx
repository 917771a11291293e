// The floor of our stack with MUI: react-admin's <Admin>, its default Layout (app bar, side menu) and a DataTable
// of 25 customers, drawn by mui.tsx at once and by msal.tsx after MSAL's start. Whatever our Kunden screen costs
// above this is ours to cut; below it, only leaving react-admin's MUI parts would help (plain.tsx is that floor).
import AssessmentIcon from '@mui/icons-material/Assessment';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import ChecklistIcon from '@mui/icons-material/Checklist';
import DashboardIcon from '@mui/icons-material/Dashboard';
import PeopleIcon from '@mui/icons-material/People';
import SettingsIcon from '@mui/icons-material/Settings';
import ViewKanbanIcon from '@mui/icons-material/ViewKanban';
import WorkIcon from '@mui/icons-material/Work';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { Admin, DataTable, DateField, Layout, List, Menu, Resource } from 'react-admin';
import { dataProvider } from './dataProvider';
import { COLUMNS } from './columns';
import { MENU } from './menu';

const ICONS = [
  <DashboardIcon key="d" />,
  <PeopleIcon key="k" />,
  <WorkIcon key="v" />,
  <ViewKanbanIcon key="b" />,
  <CalendarMonthIcon key="c" />,
  <ChecklistIcon key="a" />,
  <AssessmentIcon key="r" />,
  <SettingsIcon key="s" />,
];

const FloorMenu = () => (
  <Menu>
    {MENU.map((entry, i) => (
      <Menu.Item key={entry.to} to={entry.to} primaryText={entry.label} leftIcon={ICONS[i]} />
    ))}
  </Menu>
);

const FloorLayout = ({ children }: { children: ReactNode }) => <Layout menu={FloorMenu}>{children}</Layout>;

// No exporter: ours exports on the server (kunde/exportExcel), so react-admin's CSV exporter is not in our bundle.
const KundenList = () => (
  <List perPage={25} sort={{ field: 'name', order: 'ASC' }} exporter={false}>
    <DataTable>
      {COLUMNS.map(({ source, label }) => (
        <DataTable.Col
          key={source}
          source={source}
          label={label}
          {...(source === 'angelegtAm' && { field: DateField })}
        />
      ))}
    </DataTable>
  </List>
);

// A path router like ours (react-admin would otherwise make a hash router), so that /kunden is the address.
const router = createBrowserRouter([
  {
    path: '*',
    element: (
      <Admin dataProvider={dataProvider} layout={FloorLayout} disableTelemetry>
        <Resource name="kunden" list={KundenList} options={{ label: 'Kunden' }} />
      </Admin>
    ),
  },
]);

/** Draws the MUI floor into the page's root. */
export function renderMuiFloor(): void {
  createRoot(document.getElementById('root')!).render(<RouterProvider router={router} />);
}
