import PhoneIcon from '@mui/icons-material/Phone';
import {
  Box,
  Card,
  CardActionArea,
  Checkbox,
  FormControlLabel,
  IconButton,
  Stack,
  Typography,
} from '@mui/material';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useListContext, type RaRecord } from 'react-admin';
import { useNoteFirstScreenDrawn } from '../kit/useNoteFirstScreenDrawn';
import { formatDate } from '../../i18n/format';
import { CustomerLabelChips } from './CustomerLabelChips';
import { lazyAfterFirstPaint } from '../kit/lazyAfterFirstPaint';
import { referencedIn } from '../generic/listCellContext';
import type { LabelRecord } from '../labels/labelTypes';

// Read after the first cards: its code comes after the list has drawn them.
const BulkActionBar = lazyAfterFirstPaint(() =>
  import('../kit/BulkActionBar').then((module) => module.BulkActionBar),
);

/** A card's labels as the list page brought them along (`included`, as the desk's table reads them), if all are. */
function includedLabels(
  referenced: ReturnType<typeof referencedIn>,
  ids: readonly number[] = [],
): LabelRecord[] | undefined {
  const labels = ids.map((id) => referenced('admin/labels', id));
  return labels.every((label) => label !== undefined) ? (labels as LabelRecord[]) : undefined;
}

/**
 * The customer list on a phone: one card per customer with name, place, labels and a call button; a tick box
 * selects it for the bulk actions, offered in a bar at the bottom.
 */
export function CustomerCards() {
  const { data = [], isPending, selectedIds, onToggleItem, onSelect, meta } = useListContext<RaRecord>();
  useNoteFirstScreenDrawn(!isPending);
  const included = (meta as { included?: Record<string, RaRecord[]> } | undefined)?.included;
  const referenced = useMemo(() => referencedIn(included), [included]);
  if (isPending) return null;
  if (!data.length) return <Typography sx={{ p: 2 }}>Keine Kunden gefunden.</Typography>;
  const ids = data.map((customer) => customer.id);
  const ticked = ids.filter((id) => selectedIds.includes(id)).length;
  return (
    <Stack spacing={1} sx={{ p: 1 }}>
      {/* The whole page at one tap, as the table's header box does: from there "alle Treffer" is offered. */}
      <FormControlLabel
        sx={{ ml: 0 }}
        label="Alle Kunden dieser Seite auswählen"
        control={
          <Checkbox
            checked={ticked === ids.length}
            indeterminate={ticked > 0 && ticked < ids.length}
            onChange={(event) =>
              onSelect(
                event.target.checked
                  ? [...new Set([...selectedIds, ...ids])]
                  : selectedIds.filter((id) => !ids.includes(id)),
              )
            }
          />
        }
      />
      {data.map((customer) => (
        <Card key={customer.id} variant="outlined" sx={{ display: 'flex', alignItems: 'center' }}>
          <Checkbox
            checked={selectedIds.includes(customer.id)}
            onChange={() => onToggleItem(customer.id)}
            slotProps={{ input: { 'aria-label': `${String(customer.displayName)} auswählen` } }}
          />
          <CardActionArea
            component={Link}
            to={`/crm/kunden/${customer.id}/show`}
            sx={{ p: 1.5, minWidth: 0 }}
          >
            <Typography sx={{ fontWeight: 600 }} noWrap>
              {customer.displayName}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {[customer.customerNumber, [customer.zip, customer.city].filter(Boolean).join(' ')]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
            <Box sx={{ mt: 0.5 }}>
              <CustomerLabelChips
                ids={customer.labelIds as number[]}
                labels={includedLabels(referenced, customer.labelIds as number[])}
              />
            </Box>
            {customer.lastActivityAt && (
              <Typography variant="caption" color="text.secondary">
                Letzte Aktivität {formatDate(customer.lastActivityAt as string)}
              </Typography>
            )}
          </CardActionArea>
          {customer.phone && (
            <IconButton
              href={`tel:${String(customer.phone).replace(/\s/g, '')}`}
              aria-label={`${customer.displayName} anrufen`}
              sx={{ mx: 1 }}
            >
              <PhoneIcon />
            </IconButton>
          )}
        </Card>
      ))}
      <BulkActionBar target="kunden" sheet />
    </Stack>
  );
}
