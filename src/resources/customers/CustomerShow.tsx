import { Alert, Box, Button, Card, Tab, Tabs } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { Loading, ShowBase, Title, useRecordContext, type RaRecord } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { KeptCopyNote } from '../../offline/kept/KeptCopyNote';
import { RecordBreadcrumb } from '../generic/RecordBreadcrumb';
import { RECORD_NOT_FOUND } from '../generic/recordNotFound';
import { useNoteFirstScreenDrawn } from '../kit/useNoteFirstScreenDrawn';
import customerEntity from './customer.entity';
import { CustomerHeader } from './page/CustomerHeader';
import { CustomerPhoneBar } from './page/CustomerPhoneBar';
import { useCustomerField } from './page/useCustomerField';

const TABS = [
  { id: 'timeline', label: 'Timeline', view: lazy(() => import('./timeline/CustomerTimeline')) },
  { id: 'aktivitaeten', label: 'Aktivitäten', view: lazy(() => import('./activities/CustomerActivities')) },
  { id: 'vorgaenge', label: 'Vorgänge', view: lazy(() => import('./vorgaenge/CustomerVorgaenge')) },
  { id: 'dateien', label: 'Dateien', view: lazy(() => import('./files/CustomerFiles')) },
  { id: 'notizen', label: 'Persönliche Notizen', view: lazy(() => import('./PersonalNotes')) },
] as const;
export type CustomerTab = (typeof TABS)[number]['id'];

function CustomerPage() {
  const customer = useRecordContext<RaRecord>();
  const [params, setParams] = useSearchParams();
  const [composeNote, setComposeNote] = useState(0);
  const field = useCustomerField(customer ?? { id: 0 });
  useNoteFirstScreenDrawn(Boolean(customer));
  if (!customer) return <Loading />;
  const tab = TABS.find((t) => t.id === params.get('tab')) ?? TABS[0];
  const open = (id: CustomerTab) => setParams({ tab: id }, { replace: true });
  const View = tab.view;
  const newNote = () => {
    open('timeline');
    setComposeNote((n) => n + 1);
  };
  return (
    <Box sx={{ mt: 1 }}>
      <Title title={String(customer.displayName)} />
      <RecordBreadcrumb entity={customerEntity} />
      <KeptCopyNote />
      {field.conflict && (
        <Alert
          severity="warning"
          sx={{ mb: 1 }}
          action={
            <Button color="inherit" onClick={field.reload}>
              Neu laden
            </Button>
          }
        >
          {field.conflict}
        </Alert>
      )}
      <CustomerHeader customer={customer} field={field} onNewNote={newNote} onOpenTab={open} />
      <Card sx={{ mt: 2 }}>
        <Tabs
          aria-label="Bereiche des Kunden"
          value={tab.id}
          onChange={(_, id: CustomerTab) => open(id)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {TABS.map((t) => (
            <Tab key={t.id} value={t.id} label={t.label} />
          ))}
        </Tabs>
        <Box sx={{ p: { xs: 1, sm: 2 } }}>
          <Suspense fallback={<Loading />}>
            <View customer={customer} composeNote={composeNote} />
          </Suspense>
        </Box>
      </Card>
      <CustomerPhoneBar customer={customer} onNewNote={newNote} />
    </Box>
  );
}

/** The customer page (kunde/getSingleCustomer): header with in-place fields and actions, then the tabs. */
export default function CustomerShow() {
  return (
    <ShowBase {...RECORD_NOT_FOUND}>
      <CustomerPage />
    </ShowBase>
  );
}

/** What every tab of the customer page receives. */
export interface CustomerTabProps {
  customer: RaRecord;
  /** Counts up when "Notiz" is clicked in the header: the timeline then focuses its note field. */
  composeNote: number;
}
