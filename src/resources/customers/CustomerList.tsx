import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  ReferenceArrayInput,
  ReferenceInput,
} from 'react-admin';
import { DeferredFilter } from '../generic/DeferredFilter';
import EntityList from '../generic/EntityList';
import { lazyAfterFirstPaint } from '../kit/lazyAfterFirstPaint';
import { CustomerCards } from './CustomerCards';

// Read after the first rows: their code comes after the list's first paint.
const ExportCustomersButton = lazyAfterFirstPaint(() =>
  import('./ExportCustomersButton').then((module) => module.ExportCustomersButton),
);
const SavedListViewPicker = lazyAfterFirstPaint(() =>
  import('../savedViews/SavedViewPicker').then((module) => module.SavedListViewPicker),
);
const BulkActionBar = lazyAfterFirstPaint(() =>
  import('../kit/BulkActionBar').then((module) => module.BulkActionBar),
);

const filters = [
  // The server knows who is asking: "mine" means the customers the caller looks after. Switched off it
  // must be '' (react-admin drops empty filters); undefined would be merged away and leave mine: true.
  // The filter form makes its inputs small; a small switch stood left of the fields in the phone's sheet.
  <BooleanInput
    key="mine"
    source="mine"
    label="Nur meine"
    size="medium"
    alwaysOn
    parse={(on: boolean) => (on ? true : '')}
  />,
  // The look-ups come just after the first rows (DeferredFilter): the list's first paint does not wait for them.
  <DeferredFilter key="labels" source="labelIds" label="Label" minWidth={200} alwaysOn>
    <ReferenceArrayInput source="labelIds" reference="admin/labels" filter={{ forCustomer: true }} alwaysOn>
      <AutocompleteArrayInput label="Label" optionText="name" sx={{ minWidth: 200 }} />
    </ReferenceArrayInput>
  </DeferredFilter>,
  <DeferredFilter key="branch" source="branchId" label="Filiale" alwaysOn>
    <ReferenceInput source="branchId" reference="admin-verkauf/branches" alwaysOn>
      <AutocompleteInput label="Filiale" optionText="name" />
    </ReferenceInput>
  </DeferredFilter>,
  <DeferredFilter key="owner" source="ownerUserId" label="Betreuer" alwaysOn>
    <ReferenceInput source="ownerUserId" reference="admin-benutzer/users" alwaysOn>
      <AutocompleteInput label="Betreuer" optionText="name" />
    </ReferenceInput>
  </DeferredFilter>,
];

// What sellers look at first fits 1280 px; the rest is one click away under "Spalten".
const COLUMN_ORDER = ['displayName', 'phone', 'city', 'ownerUserId', 'lastActivityAt', 'labelIds'];
const HIDDEN_COLUMNS = ['customerNumber', 'zip', 'branchId'];

/** Kunden: search, filters (label, Filiale, Betreuer, nur meine), export, bulk actions; cards on phones. */
export default function CustomerList() {
  return (
    <EntityList
      createLabel="Neuer Kunde"
      extraFilters={filters}
      actions={<SavedListViewPicker listKey="kunden" hiddenColumns={HIDDEN_COLUMNS} />}
      moreActions={<ExportCustomersButton />}
      rowClick="show"
      small={<CustomerCards />}
      columnOrder={COLUMN_ORDER}
      hiddenColumns={HIDDEN_COLUMNS}
      bulkActions={<BulkActionBar target="kunden" />}
    />
  );
}
