// The floor of our stack without MUI: React, ra-core (its controllers and react-query), react-router and a plain
// table, the same route and data as mui.tsx. The difference between the two is what MUI and emotion cost.
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { CoreAdmin, LinkBase, ListBase, Resource, useListContext } from 'ra-core';
import { dataProvider, type Kunde } from './dataProvider';
import { COLUMNS } from './columns';
import { MENU } from './menu';

const dateFormat = new Intl.DateTimeFormat('de-AT');
const cell = (kunde: Kunde, source: keyof Kunde) =>
  source === 'angelegtAm' ? dateFormat.format(new Date(kunde.angelegtAm)) : kunde[source];

const PlainLayout = ({ children }: { children: ReactNode }) => (
  <>
    <header>Fenster CRM</header>
    <nav>
      <ul>
        {MENU.map((entry) => (
          <li key={entry.to}>
            <LinkBase to={entry.to}>{entry.label}</LinkBase>
          </li>
        ))}
      </ul>
    </nav>
    <main>{children}</main>
  </>
);

// Data rows carry data-id; while loading there is only a line of text, so the bench's selector never sees it.
const KundenTable = () => {
  const { data, isPending, error } = useListContext<Kunde>();
  if (error) return <p role="alert">{String(error)}</p>;
  if (isPending) return <p>Lädt …</p>;
  return (
    <table>
      <thead>
        <tr>
          {COLUMNS.map((column) => (
            <th key={column.source}>{column.label}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {data.map((kunde) => (
          <tr key={kunde.id} data-id={kunde.id}>
            {COLUMNS.map((column) => (
              <td key={column.source}>{cell(kunde, column.source)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
};

const KundenList = () => (
  <ListBase perPage={25} sort={{ field: 'name', order: 'ASC' }}>
    <h1>Kunden</h1>
    <KundenTable />
  </ListBase>
);

const router = createBrowserRouter([
  {
    path: '*',
    element: (
      <CoreAdmin dataProvider={dataProvider} layout={PlainLayout} disableTelemetry>
        <Resource name="kunden" list={KundenList} />
      </CoreAdmin>
    ),
  },
]);

createRoot(document.getElementById('root')!).render(<RouterProvider router={router} />);
