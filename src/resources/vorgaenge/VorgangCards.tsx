import { Box, Card, CardActionArea, Checkbox, FormControlLabel, Stack, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { formatCompanyDate } from '../../config/companyTime';
import { ColorChip } from '../generic/ColorChip';
import { useCompanyZone } from '../../config/useCompanyZone';
import type { VorgangListRow } from './vorgangListTypes';
import { VorgangLabelChips } from './VorgangLabelChips';
import { StagnantMarker } from './StagnantMarker';
import { VorgangStatusChip } from './VorgangStatusChip';
import { VorgangValue } from './VorgangValue';
import { pipelineStepOf } from './kanban/pipeline.rules';
import { useNoteFirstScreenDrawn } from '../kit/useNoteFirstScreenDrawn';

/**
 * The Vorgänge on a phone: one card each with number, customer, title, status, labels and amount; the box at
 * the card's left selects it for the bulk actions (the rest of the card opens the Vorgang).
 */
export function VorgangCards({
  rows,
  selected,
  onSelect,
}: {
  rows: VorgangListRow[];
  selected: number[];
  onSelect: (ids: number[], ticked: boolean) => void;
}) {
  const zone = useCompanyZone();
  const ids = rows.map((row) => row.id);
  useNoteFirstScreenDrawn(true);
  const ticked = ids.filter((id) => selected.includes(id)).length;
  return (
    <Stack spacing={1} sx={{ p: 1 }}>
      {/* The whole page at one tap, as the table's header box does: from there "alle Treffer" is offered. */}
      <FormControlLabel
        sx={{ ml: 0 }}
        label="Alle Vorgänge dieser Seite auswählen"
        control={
          <Checkbox
            checked={ticked === ids.length}
            indeterminate={ticked > 0 && ticked < ids.length}
            onChange={(event) => onSelect(ids, event.target.checked)}
          />
        }
      />
      {rows.map((row) => (
        <Card key={row.id} variant="outlined" sx={{ display: 'flex', alignItems: 'flex-start' }}>
          <Checkbox
            checked={selected.includes(row.id)}
            onChange={(event) => onSelect([row.id], event.target.checked)}
            sx={{ p: 1.5 }}
            slotProps={{ input: { 'aria-label': `Vorgang ${row.vorgangNumber} auswählen` } }}
          />
          <CardActionArea component={Link} to={`/crm/vorgang/${row.id}`} sx={{ p: 1.5, pl: 0, minWidth: 0 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              <Typography sx={{ fontWeight: 600 }}>{row.vorgangNumber}</Typography>
              <Typography sx={{ fontWeight: 600, textAlign: 'right' }}>
                <VorgangValue row={row} />
              </Typography>
            </Box>
            <Typography variant="body2" noWrap>
              {row.customerName}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {row.title}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5, alignItems: 'center' }}>
              <VorgangStatusChip status={row.systemStatus} />
              {pipelineStepOf(row) && (
                <ColorChip
                  name={pipelineStepOf(row)?.name ?? ''}
                  color={pipelineStepOf(row)?.color ?? '#607d8b'}
                />
              )}
              <VorgangLabelChips labels={row.labels} />
            </Box>
            <Typography variant="caption" color="text.secondary">
              {[row.seller, row.branch].filter(Boolean).join(' · ')}
              {row.lastActivityAt && ` · Letzte Aktivität ${formatCompanyDate(row.lastActivityAt, zone)}`}
            </Typography>
            <StagnantMarker days={row.stagnantDays} />
          </CardActionArea>
        </Card>
      ))}
    </Stack>
  );
}
