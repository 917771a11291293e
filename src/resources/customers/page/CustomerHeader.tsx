import EditIcon from '@mui/icons-material/Edit';
import EventIcon from '@mui/icons-material/EventNote';
import MailIcon from '@mui/icons-material/MailOutline';
import NoteIcon from '@mui/icons-material/NoteAddOutlined';
import PhoneIcon from '@mui/icons-material/Phone';
import { Box, Button, Card, CardContent, Link as MuiLink, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { ReferenceField, TextField as RaTextField, type RaRecord } from 'react-admin';
import type { CustomerTab } from '../CustomerShow';
import { telHref } from '../../kit/contactLinks';
import { MailLink } from '../../kit/MailLink';
import { phoneTapTarget } from '../../kit/phoneTapTarget';
import { RecordActions } from '../../kit/RecordActions';
import { CUSTOMER_TYPES } from '../customer.entity';
import { InlineField } from './InlineField';
import { LabelEditor } from './LabelEditor';
import { ConsentField } from './ConsentField';
import type { useCustomerField } from './useCustomerField';
import { useRememberOpened } from '../../kit/recentlyOpened';

const MailDialog = lazy(() => import('../../mail/MailDialog'));
const ActivityDialog = lazy(() => import('../../kit/ActivityDialog'));

const customerTypeName = (id: string | undefined) => CUSTOMER_TYPES.find((type) => type.id === id)?.name;

/** Name, contact data (editable in place), Betreuer, Filiale, labels and the quick actions of a customer. */
export function CustomerHeader({
  customer,
  field,
  onNewNote,
  onOpenTab,
}: {
  customer: RaRecord;
  field: ReturnType<typeof useCustomerField>;
  onNewNote: () => void;
  onOpenTab: (tab: CustomerTab) => void;
}) {
  const [dialog, setDialog] = useState<'mail' | 'activity' | null>(null);
  useRememberOpened('kunde', Number(customer.id), (customer.displayName as string | null) ?? undefined);
  const text = (
    source: string,
    label: string,
    display?: (value: string) => React.ReactNode,
    inputKind?: 'tel' | 'email',
  ) => {
    // A change saved offline shows until the outbox sent it.
    const waiting = field.pending.has(source);
    const value = (waiting ? field.pending.get(source) : customer[source]) as string | null;
    return (
      <InlineField
        label={label}
        value={value}
        waiting={waiting}
        inputKind={inputKind}
        display={value && display ? display(value) : undefined}
        onSave={(next) => field.save(source, next, { label, shown: next ?? '' })}
      />
    );
  };
  // In the theme's colour (a bare <a> was the browser's blue), a thumb's target on a phone.
  const dial = (value: string) => (
    <MuiLink href={telHref(value)} sx={phoneTapTarget}>
      {value}
    </MuiLink>
  );
  const phone = (customer.phone ?? customer.mobile) as string | null;
  return (
    <Card>
      <CardContent>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1,
            justifyContent: 'space-between',
            alignItems: 'flex-start',
          }}
        >
          <Box>
            {/* The page's heading: the layout then hides its own title on a phone, the name once (CrmLayout). */}
            <Typography variant="h5" component="h1">
              {customer.displayName}
            </Typography>
            <Typography color="text.secondary">
              {[
                customerTypeName(customer.customerType as string | undefined),
                customer.origin && `Herkunft: ${String(customer.origin)}`,
                customer.customerNumber && `Kunde ${customer.customerNumber}`,
                [customer.street, [customer.zip, customer.city].filter(Boolean).join(' ')]
                  .filter(Boolean)
                  .join(', '),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {/* On a phone, Anrufen and Notiz sit in the bar at the screen's bottom (CustomerPhoneBar). */}
            <Button
              variant="outlined"
              startIcon={<PhoneIcon />}
              href={phone ? telHref(phone) : undefined}
              disabled={!phone}
              sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
            >
              Anrufen
            </Button>
            <Button
              variant="outlined"
              startIcon={<MailIcon />}
              onClick={() => setDialog('mail')}
              disabled={!customer.email}
            >
              E-Mail
            </Button>
            <Button variant="outlined" startIcon={<EventIcon />} onClick={() => setDialog('activity')}>
              Aktivität
            </Button>
            <Button
              variant="outlined"
              startIcon={<NoteIcon />}
              onClick={onNewNote}
              sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
            >
              Notiz
            </Button>
            <Button component={Link} to={`/crm/kunden/${customer.id}`} startIcon={<EditIcon />}>
              Bearbeiten
            </Button>
            <RecordActions resource="kunden" record={customer} />
          </Stack>
        </Box>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
            gap: 2,
            mt: 2,
          }}
        >
          {text('phone', 'Telefon', dial, 'tel')}
          {text('mobile', 'Mobil', dial, 'tel')}
          {/* Two columns for the address (on a phone the card's width): whole on one line where it fits. */}
          <Box sx={{ gridColumn: 'span 2', minWidth: 0 }}>
            {text(
              'email',
              'E-Mail',
              (value) => (
                <MailLink address={value} sx={{ minHeight: { xs: 44 } }} />
              ),
              'email',
            )}
          </Box>
          {text('street', 'Straße')}
          {text('zip', 'PLZ')}
          {text('city', 'Ort')}
          <Box>
            <Typography variant="caption" color="text.secondary" component="div">
              Betreuer
            </Typography>
            <ReferenceField source="ownerUserId" reference="admin-benutzer/users" link={false} emptyText="–">
              <RaTextField source="name" />
            </ReferenceField>
          </Box>
          <Box>
            <Typography variant="caption" color="text.secondary" component="div">
              Filiale
            </Typography>
            <ReferenceField source="branchId" reference="admin-verkauf/branches" link={false} emptyText="–">
              <RaTextField source="name" />
            </ReferenceField>
          </Box>
          <ConsentField customer={customer} />
        </Box>
        <Box sx={{ mt: 2 }}>
          <LabelEditor
            labelIds={
              (field.pending.get('labelIds') as number[] | undefined) ?? (customer.labelIds as number[]) ?? []
            }
            waiting={field.pending.has('labelIds')}
            onChange={(ids, names) =>
              field.save('labelIds', ids, { label: 'Labels', shown: names.join(', ') })
            }
          />
        </Box>
      </CardContent>
      <Suspense fallback={null}>
        {dialog === 'mail' && (
          <MailDialog
            customer={customer}
            onClose={() => setDialog(null)}
            onSent={() => onOpenTab('timeline')}
          />
        )}
        {dialog === 'activity' && <ActivityDialog customer={customer} onClose={() => setDialog(null)} />}
      </Suspense>
    </Card>
  );
}
