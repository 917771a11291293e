import {
  Checkbox,
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
import { listValue, type VorgangListRow, type VorgangSort } from './vorgangListTypes';
import { VorgangLabelChips } from './VorgangLabelChips';
import { StagnantMarker } from './StagnantMarker';
import { VorgangStatusChip } from './VorgangStatusChip';
import { pipelineStepOf } from './kanban/pipeline.rules';
import { useNoteFirstScreenDrawn } from '../kit/useNoteFirstScreenDrawn';
import { cellBorderOf, plainRowsSx } from '../generic/listTableSx';

interface Column {
  /** One heading, or two stacked ones (two values share the cell, each sortable). */
  headings: { label: string; sort?: VorgangSort }[];
  align?: 'right';
  width?: number | string;
  render: (row: VorgangListRow, zone: string) => React.ReactNode;
}

const small = { fontSize: 12, color: 'text.secondary' } as const;
const euroOrDash = (cents: number | null) => (cents === null ? '–' : formatEuroCents(cents));
// Chips a little lower than MUI's small ones, so two stacked fit a two-line row.
const compactChip = { height: 18, fontSize: 12, '& .MuiChip-label': { px: 0.75 } } as const;
// Values that must not wrap (numbers, amounts, dates): their column takes their width.
const noWrap = { whiteSpace: 'nowrap' } as const;

// Dense enough for 12+ rows at 1280×800 with the menu open: every row two lines at most. Pairs of values
// share a cell (Kunde and Bezeichnung, Status and Eigener Status, Verkäufer and Filiale, Summe netto and
// Plan-DB, erwarteter Auftrag and letzte Aktivität); the table sizes its columns by their content, so chips
// show their full text and words wrap only between words.
const COLUMNS: Column[] = [
  {
    headings: [{ label: 'Vorgangsnr.', sort: 'vorgangNumber' }],
    render: (row) => (
      <MuiLink component={Link} to={`/crm/vorgang/${row.id}`} sx={{ fontWeight: 600, ...noWrap }}>
        {row.vorgangNumber}
      </MuiLink>
    ),
  },
  {
    headings: [
      { label: 'Kunde', sort: 'customerName' },
      { label: 'Bezeichnung', sort: 'title' },
    ],
    width: '40%',
    render: (row) => (
      <>
        <MuiLink
          component={Link}
          to={`/crm/kunden/${row.customerId}/show`}
          color="inherit"
          variant="body2"
          sx={{ display: 'block' }}
        >
          {row.customerName}
        </MuiLink>
        <Typography sx={small}>{row.title}</Typography>
      </>
    ),
  },
  {
    headings: [{ label: 'Status' }, { label: 'Eigener Status' }],
    render: (row) => {
      const step = pipelineStepOf(row);
      return (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: '2px', alignItems: 'flex-start' }}>
          <VorgangStatusChip status={row.systemStatus} sx={compactChip} />
          {step && <ColorChip name={step.name} color={step.color ?? '#607d8b'} sx={compactChip} />}
        </Box>
      );
    },
  },
  {
    headings: [{ label: 'Labels' }],
    render: (row) => <VorgangLabelChips labels={row.labels} chipSx={compactChip} />,
  },
  {
    headings: [{ label: 'Verkäufer' }, { label: 'Filiale' }],
    render: (row) => (
      <>
        {/* May wrap between first and last name: the headings on one line took that room from the Kunde. */}
        <Typography variant="body2">{row.seller ?? '–'}</Typography>
        <Typography sx={{ ...small, ...noWrap }}>{row.branch ?? '–'}</Typography>
      </>
    ),
  },
  { headings: [{ label: 'Herkunft' }], render: (row) => row.origin ?? '–' },
  {
    headings: [
      { label: 'Summe netto', sort: 'netTotalCents' },
      { label: 'Plan-DB', sort: 'planDbCents' },
    ],
    align: 'right',
    // An Anfrage's estimate is marked on the second line, where it has no Plan-DB (beside the amount the word
    // widened the column, and the customers' names broke).
    render: (row) => {
      const { cents, estimated } = listValue(row);
      return (
        <>
          <Typography variant="body2" sx={noWrap}>
            {euroOrDash(cents)}
          </Typography>
          <Typography sx={{ ...small, ...noWrap }}>
            {estimated && cents !== null ? (
              <span title="Noch kein Beleg: vom Verkäufer geschätzter Wert">
                geschätzt{row.planDbCents === null ? '' : ` · ${euroOrDash(row.planDbCents)}`}
              </span>
            ) : (
              euroOrDash(row.planDbCents)
            )}
          </Typography>
        </>
      );
    },
  },
  {
    headings: [
      { label: 'Erw. Auftrag', sort: 'expectedOrderDate' },
      { label: 'Letzte Aktivität', sort: 'lastActivityAt' },
    ],
    render: (row, zone) => (
      <>
        <Typography variant="body2" sx={noWrap}>
          {row.expectedOrderDate ? formatDate(row.expectedOrderDate) : '–'}
        </Typography>
        <Typography sx={{ ...small, ...noWrap }}>
          {row.lastActivityAt ? formatCompanyDate(row.lastActivityAt, zone) : '–'}
        </Typography>
        <StagnantMarker days={row.stagnantDays} />
      </>
    ),
  },
];

// The tick column takes as little of the row as it can: the text columns need the width to keep words whole.
const CHECK_CELL = { verticalAlign: 'bottom', width: 22, '&&': { px: 0 } } as const;
const CHECK_BOX = { p: 0.25, '& svg': { fontSize: 18 } } as const;

/** The Vorgänge as a table (from tablet width on), sortable by clicking a column heading. */
export function VorgangTable({
  rows,
  filter,
  onSort,
  selected,
  onSelect,
}: {
  rows: VorgangListRow[];
  filter: VorgangFilter;
  onSort: (sort: VorgangSort, order: 'ASC' | 'DESC') => void;
  /** The ticked Vorgänge (for the bulk actions), and how a tick changes them. */
  selected: number[];
  onSelect: (ids: number[], ticked: boolean) => void;
}) {
  const pageIds = rows.map((row) => row.id);
  useNoteFirstScreenDrawn(true);
  const ticked = pageIds.filter((id) => selected.includes(id)).length;
  const zone = useCompanyZone();
  const sort = filter.sort ?? 'lastActivityAt';
  const order = filter.order ?? (filter.sort ? 'ASC' : 'DESC');
  return (
    <Table
      size="small"
      sx={(theme) => ({
        // Automatic layout: each column as wide as its content needs (a chip's text, an amount), the text
        // columns take the rest and wrap between words only (never inside one).
        tableLayout: 'auto',
        // 5 px each side (not 6): the tick column's room comes out of the gaps, not out of the text columns.
        '& td, & th': { px: 0.625, fontSize: 13, lineHeight: 1.3 },
        // A heading on one line: wrapped, "Summe netto" over "Plan-DB" took three lines at 1280 px. The sort
        // arrow takes room only where it shows (the sorted column), so the headings leave the text columns theirs.
        '& th': { whiteSpace: 'nowrap' },
        '& th .MuiTableSortLabel-root:not(.Mui-active) .MuiTableSortLabel-icon': { display: 'none' },
        '& td': { py: 0.25 },
        // The rows are plain tr and td with a native checkbox (plainRowsSx), styled here once instead of a
        // styled MUI TableRow, TableCell and Checkbox each: 25 rows drew about 1,000 components more.
        ...plainRowsSx(theme),
        '& td.crm-vorgang-cell, & td.crm-vorgang-check': {
          fontFamily: theme.typography.body2.fontFamily,
          letterSpacing: theme.typography.body2.letterSpacing,
          color: theme.palette.text.primary,
          textAlign: 'left',
          verticalAlign: 'top',
          borderBottom: cellBorderOf(theme),
        },
        '& td.crm-right': { textAlign: 'right' },
        '& td.crm-vorgang-cell .MuiTypography-root': { lineHeight: 1.3 },
        '& td.crm-vorgang-check': { width: 22, px: 0 },
      })}
    >
      <TableHead>
        <TableRow>
          <TableCell padding="none" sx={CHECK_CELL}>
            <Checkbox
              size="small"
              sx={CHECK_BOX}
              checked={ticked === pageIds.length}
              indeterminate={ticked > 0 && ticked < pageIds.length}
              onChange={(event) => onSelect(pageIds, event.target.checked)}
              slotProps={{ input: { 'aria-label': 'Alle Vorgänge dieser Seite auswählen' } }}
            />
          </TableCell>
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
        {rows.map((row) => {
          const isSelected = selected.includes(row.id);
          return (
            <tr key={row.id} className={`crm-row crm-row-hover${isSelected ? ' crm-row-selected' : ''}`}>
              <td className="crm-vorgang-check">
                <input
                  type="checkbox"
                  className="crm-row-checkbox crm-row-checkbox-small"
                  checked={isSelected}
                  onChange={(event) => onSelect([row.id], event.target.checked)}
                  aria-label={`Vorgang ${row.vorgangNumber} auswählen`}
                />
              </td>
              {COLUMNS.map((column) => (
                <td
                  key={column.headings[0]!.label}
                  className={column.align === 'right' ? 'crm-vorgang-cell crm-right' : 'crm-vorgang-cell'}
                >
                  {column.render(row, zone)}
                </td>
              ))}
            </tr>
          );
        })}
      </TableBody>
    </Table>
  );
}
