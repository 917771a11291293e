import {
  Box,
  Checkbox,
  Link as MuiLink,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
} from '@mui/material';
import { Link } from 'react-router-dom';
import { formatDate } from '../../i18n/format';
import type { ActivityListRow } from './activities.endpoints';
import { activityTypeName } from './activityTypes';
import { activityWhen } from '../kit/activityWhen';

const COLUMNS: { key: string; label: string; sortable?: boolean; wide?: boolean }[] = [
  { key: 'activityDate', label: 'Datum', sortable: true },
  { key: 'activityType', label: 'Art', sortable: true },
  { key: 'customerName', label: 'Kunde', sortable: true },
  { key: 'vorgang', label: 'Vorgang', wide: true },
  { key: 'reason', label: 'Grund', wide: true },
  { key: 'userName', label: 'Verkäufer', sortable: true, wide: true },
  { key: 'dueDate', label: 'Fällig am', sortable: true, wide: true },
  { key: 'done', label: 'Erledigt', wide: true },
];

// Phones show date, Art (with "erledigt") and Kunde; the rest from 900 px on.
const wideOnly = { display: { xs: 'none', md: 'table-cell' } };

/** The activities of one page, with links to customer and Vorgang; the headers sort. */
export function ActivityTable({
  rows,
  zone,
  sort,
  order,
  onSort,
}: {
  rows: readonly ActivityListRow[];
  zone: string;
  sort: string;
  order: 'ASC' | 'DESC';
  onSort: (field: string) => void;
}) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Aktivitäten">
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column.key} sx={column.wide ? wideOnly : undefined}>
                {column.sortable ? (
                  <TableSortLabel
                    active={sort === column.key}
                    direction={sort === column.key && order === 'ASC' ? 'asc' : 'desc'}
                    onClick={() => onSort(column.key)}
                  >
                    {column.label}
                  </TableSortLabel>
                ) : (
                  column.label
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} hover>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{activityWhen(row, zone)}</TableCell>
              <TableCell>
                {activityTypeName(row.activityType)}
                {row.done && (
                  <Box component="span" sx={{ display: { md: 'none' }, color: 'text.secondary' }}>
                    {' '}
                    (erledigt)
                  </Box>
                )}
              </TableCell>
              <TableCell>
                <MuiLink component={Link} to={`/crm/kunden/${row.customerId}/show`}>
                  {row.customerName}
                </MuiLink>
              </TableCell>
              <TableCell sx={wideOnly}>
                {row.vorgangId && (
                  <MuiLink component={Link} to={`/crm/vorgang/${row.vorgangId}`}>
                    {row.vorgangNumber ?? row.vorgangId}
                  </MuiLink>
                )}
              </TableCell>
              <TableCell sx={wideOnly}>{row.reasonName}</TableCell>
              <TableCell sx={wideOnly}>{row.userName}</TableCell>
              <TableCell sx={wideOnly}>{row.dueDate ? formatDate(row.dueDate) : ''}</TableCell>
              <TableCell padding="checkbox" sx={wideOnly}>
                <Checkbox
                  checked={row.done}
                  disabled
                  size="small"
                  inputProps={{ 'aria-label': 'Erledigt' }}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
