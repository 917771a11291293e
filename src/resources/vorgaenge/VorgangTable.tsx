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
import { useCompanyZone } from '../../config/useCompanyZone';
import type { VorgangFilter } from './vorgangList.endpoints';
import type { VorgangListRow, VorgangSort } from './vorgangListTypes';
import { VorgangLabelChips } from './VorgangLabelChips';
import { VorgangStatusChip } from './VorgangStatusChip';

interface Column {
  /** One heading, or two stacked ones (two values share the cell, each sortable). */
  headings: { label: string; sort?: VorgangSort }[];
  align?: 'right';
  width?: number | string;
  render: (row: VorgangListRow, zone: string) => React.ReactNode;
}

const small = { fontSize: 12, color: 'text.secondary' } as const;
const euroOrDash = (cents: number | null) => (cents === null ? '–' : formatEuroCents(cents));

// Fits 1280 px with the menu open: pairs of values share a cell (Status and Eigener Status, Verkäufer and
// Filiale, Summe netto and Plan-DB, erwarteter Auftrag and letzte Aktivität).
const COLUMNS: Column[] = [
  {
    headings: [{ label: 'Vorgangsnr.', sort: 'vorgangNumber' }],
    width: 104,
    render: (row) => (
      <MuiLink component={Link} to={`/crm/vorgang/${row.id}`} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
        {row.vorgangNumber}
      </MuiLink>
    ),
  },
  {
    headings: [{ label: 'Kunde', sort: 'customerName' }],
    render: (row) => (
      <MuiLink component={Link} to={`/crm/kunden/${row.customerId}/show`} color="inherit">
        {row.customerName}
      </MuiLink>
    ),
  },
  { headings: [{ label: 'Bezeichnung', sort: 'title' }], render: (row) => row.title },
  {
    headings: [{ label: 'Status' }, { label: 'Eigener Status' }],
    width: 108,
    render: (row) => (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, alignItems: 'flex-start' }}>
        <VorgangStatusChip status={row.systemStatus} />
        {row.customStatus && (
          <ColorChip name={row.customStatus.name} color={row.customStatus.color ?? '#607d8b'} />
        )}
      </Box>
    ),
  },
  { headings: [{ label: 'Labels' }], width: 104, render: (row) => <VorgangLabelChips labels={row.labels} /> },
  {
    headings: [{ label: 'Verkäufer' }, { label: 'Filiale' }],
    width: 112,
    render: (row) => (
      <>
        <Typography variant="body2">{row.seller ?? '–'}</Typography>
        <Typography sx={small}>{row.branch ?? '–'}</Typography>
      </>
    ),
  },
  { headings: [{ label: 'Herkunft' }], width: 100, render: (row) => row.origin ?? '–' },
  {
    headings: [
      { label: 'Summe netto', sort: 'netTotalCents' },
      { label: 'Plan-DB', sort: 'planDbCents' },
    ],
    align: 'right',
    width: 100,
    render: (row) => (
      <>
        <Typography variant="body2">{formatEuroCents(row.netTotalCents)}</Typography>
        <Typography sx={small}>{euroOrDash(row.planDbCents)}</Typography>
      </>
    ),
  },
  {
    headings: [
      { label: 'Erw. Auftrag', sort: 'expectedOrderDate' },
      { label: 'Letzte Aktivität', sort: 'lastActivityAt' },
    ],
    width: 112,
    render: (row, zone) => (
      <>
        <Typography variant="body2">
          {row.expectedOrderDate ? formatDate(row.expectedOrderDate) : '–'}
        </Typography>
        <Typography sx={small}>
          {row.lastActivityAt ? formatCompanyDate(row.lastActivityAt, zone) : '–'}
        </Typography>
      </>
    ),
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
              key={column.headings[0]!.label}
              align={column.align}
              sx={{ width: column.width, fontWeight: 600, lineHeight: 1.2, verticalAlign: 'bottom' }}
              sortDirection={
                column.headings.some((h) => h.sort === sort) ? (order === 'ASC' ? 'asc' : 'desc') : false
              }
            >
              {column.headings.map((heading, index) => (
                <Box key={heading.label} sx={index ? small : undefined}>
                  {heading.sort ? (
                    <TableSortLabel
                      active={heading.sort === sort}
                      direction={heading.sort === sort && order === 'DESC' ? 'desc' : 'asc'}
                      onClick={() =>
                        onSort(heading.sort!, heading.sort === sort && order === 'ASC' ? 'DESC' : 'ASC')
                      }
                    >
                      {heading.label}
                    </TableSortLabel>
                  ) : (
                    heading.label
                  )}
                </Box>
              ))}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id} hover>
            {COLUMNS.map((column) => (
              <TableCell
                key={column.headings[0]!.label}
                align={column.align}
                sx={{ overflowWrap: 'break-word', hyphens: 'auto', verticalAlign: 'top' }}
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
