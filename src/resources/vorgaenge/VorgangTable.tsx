import {
  Box,
  Link as MuiLink,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import { Link } from 'react-router-dom';
import { formatCompanyDate } from '../../config/companyTime';
import { formatDate, formatEuroCents } from '../../i18n/format';
import { ColorChip } from '../generic/ColorChip';
import { useCompanyZone } from './useCompanyZone';
import type { VorgangFilter } from './vorgangList.endpoints';
import type { VorgangListRow, VorgangSort } from './vorgangListTypes';
import { VorgangLabelChips } from './VorgangLabelChips';
import { VorgangStatusChip } from './VorgangStatusChip';

interface Column {
  label: string;
  sort?: VorgangSort;
  align?: 'right';
  width?: number | string;
  render: (row: VorgangListRow, zone: string) => React.ReactNode;
}

const small = { fontSize: 12, color: 'text.secondary' } as const;

// Eleven columns fit 1280 px: Status with Eigener Status, and Verkäufer with Filiale share a cell.
const COLUMNS: Column[] = [
  {
    label: 'Vorgangsnummer',
    sort: 'vorgangNumber',
    width: 118,
    render: (row) => (
      <MuiLink component={Link} to={`/crm/vorgang/${row.id}`} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
        {row.vorgangNumber}
      </MuiLink>
    ),
  },
  {
    label: 'Kunde',
    sort: 'customerName',
    render: (row) => (
      <MuiLink component={Link} to={`/crm/kunden/${row.customerId}/show`} color="inherit">
        {row.customerName}
      </MuiLink>
    ),
  },
  { label: 'Bezeichnung', sort: 'title', render: (row) => row.title },
  {
    label: 'Status',
    width: 120,
    render: (row) => (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, alignItems: 'flex-start' }}>
        <VorgangStatusChip status={row.systemStatus} />
        {row.customStatus && (
          <ColorChip name={row.customStatus.name} color={row.customStatus.color ?? '#607d8b'} />
        )}
      </Box>
    ),
  },
  { label: 'Labels', width: 130, render: (row) => <VorgangLabelChips labels={row.labels} /> },
  {
    label: 'Verkäufer · Filiale',
    width: 130,
    render: (row) => (
      <>
        <Typography variant="body2">{row.seller ?? '–'}</Typography>
        <Typography sx={small}>{row.branch ?? '–'}</Typography>
      </>
    ),
  },
  { label: 'Herkunft', width: 96, render: (row) => row.origin ?? '–' },
  {
    label: 'Summe netto',
    sort: 'netTotalCents',
    align: 'right',
    width: 108,
    render: (row) => formatEuroCents(row.netTotalCents),
  },
  {
    label: 'Plan-DB',
    sort: 'planDbCents',
    align: 'right',
    width: 100,
    render: (row) => (row.planDbCents === null ? '–' : formatEuroCents(row.planDbCents)),
  },
  {
    label: 'Erw. Auftrag',
    sort: 'expectedOrderDate',
    width: 92,
    render: (row) => (row.expectedOrderDate ? formatDate(row.expectedOrderDate) : '–'),
  },
  {
    label: 'Letzte Aktivität',
    sort: 'lastActivityAt',
    width: 92,
    render: (row, zone) => (row.lastActivityAt ? formatCompanyDate(row.lastActivityAt, zone) : '–'),
  },
];

/** The Vorgänge as a table (from tablet width on), sortable by clicking a column heading. */
export function VorgangTable({
  rows,
  filter,
  onSort,
}: {
  rows: VorgangListRow[];
  filter: VorgangFilter;
  onSort: (sort: VorgangSort, order: 'ASC' | 'DESC') => void;
}) {
  const zone = useCompanyZone();
  const sort = filter.sort ?? 'lastActivityAt';
  const order = filter.order ?? (filter.sort ? 'ASC' : 'DESC');
  return (
    <Table size="small" sx={{ tableLayout: 'fixed', '& td, & th': { px: 0.75, fontSize: 13 } }}>
      <TableHead>
        <TableRow>
          {COLUMNS.map((column) => (
            <TableCell
              key={column.label}
              align={column.align}
              sx={{ width: column.width, fontWeight: 600, lineHeight: 1.2 }}
              sortDirection={column.sort === sort ? (order === 'ASC' ? 'asc' : 'desc') : false}
            >
              {column.sort ? (
                <TableSortLabel
                  active={column.sort === sort}
                  direction={column.sort === sort && order === 'DESC' ? 'desc' : 'asc'}
                  onClick={() =>
                    onSort(column.sort!, column.sort === sort && order === 'ASC' ? 'DESC' : 'ASC')
                  }
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
            {COLUMNS.map((column) => (
              <TableCell
                key={column.label}
                align={column.align}
                sx={{ overflowWrap: 'anywhere', verticalAlign: 'top' }}
              >
                {column.render(row, zone)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
