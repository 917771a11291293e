import EditIcon from '@mui/icons-material/Edit';
import {
  Alert,
  Box,
  Card,
  CardContent,
  IconButton,
  Link as MuiLink,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { Loading } from 'react-admin';
import { Link } from 'react-router-dom';
import { useEndpoint } from '../../api/useEndpoint';
import { formatCompanyDate } from '../../config/companyTime';
import { FollowUpState } from './FollowUpState';
import { countNpsAnswers, getNpsAnswers, type NpsAnswerRow, type NpsFilterValues } from './nps.endpoints';
import { NPS_SORT_FIELDS } from './nps.endpoints';
import { channelName } from './nps.rules';
import { ScoreChip } from './ScoreChip';
import { NOTE_TEXT_SX } from '../kit/noteText';

type SortField = (typeof NPS_SORT_FIELDS)[number];
/** Sort and page of the list, kept by the page so a filter change can reset the page. */
export interface NpsListView {
  sort: SortField;
  order: 'ASC' | 'DESC';
  page: number;
  perPage: number;
}

const COLUMNS: { label: string; sort?: SortField }[] = [
  { label: 'Datum', sort: 'answeredAt' },
  { label: 'Bewertung', sort: 'score' },
  { label: 'Kunde', sort: 'customerName' },
  { label: 'Vorgang' },
  { label: 'Kommentar' },
  { label: 'Kanal' },
  { label: 'Verkäufer', sort: 'sellerName' },
  { label: 'Filiale', sort: 'branchName' },
  { label: 'Nachfassen' },
  { label: '' },
];

const CustomerLink = ({ answer }: { answer: NpsAnswerRow }) => (
  <MuiLink component={Link} to={`/crm/kunden/${answer.customerId}/show`}>
    {answer.customerName}
  </MuiLink>
);

/** The answers, one page at a time from the database, sortable; cards instead of a table on a phone. */
export function NpsAnswerList({
  query,
  view,
  onView,
  onEdit,
  zone,
}: {
  query: NpsFilterValues;
  view: NpsListView;
  onView: (view: NpsListView) => void;
  onEdit: (id: number) => void;
  zone: string;
}) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const rows = useEndpoint(
    getNpsAnswers,
    { query: { ...query, sort: view.sort, order: view.order, page: view.page + 1, perPage: view.perPage } },
    { placeholderData: keepPreviousData },
  );
  const count = useEndpoint(countNpsAnswers, { query }, { placeholderData: keepPreviousData });
  if (rows.error) return <Alert severity="error">{rows.error.message}</Alert>;
  if (!rows.data) return <Loading />;
  const total = count.data?.total ?? 0;
  const pager = (
    <TablePagination
      component="div"
      count={total}
      page={total === 0 ? 0 : view.page}
      rowsPerPage={view.perPage}
      rowsPerPageOptions={[10, 25, 50, 100]}
      onPageChange={(_event, page) => onView({ ...view, page })}
      onRowsPerPageChange={(event) => onView({ ...view, perPage: Number(event.target.value), page: 0 })}
      labelDisplayedRows={({ from, to, count: all }) => `${from}–${to} von ${all.toLocaleString('de-DE')}`}
      getItemAriaLabel={(type) =>
        ({ first: 'Erste Seite', last: 'Letzte Seite', next: 'Nächste Seite', previous: 'Vorige Seite' })[
          type
        ]
      }
    />
  );
  if (rows.data.length === 0) {
    return <Alert severity="info">Für diese Filter gibt es keine Antworten.</Alert>;
  }
  if (phone) {
    return (
      <Stack spacing={1} aria-label="NPS-Antworten">
        {rows.data.map((answer) => (
          <Card key={answer.id} variant="outlined">
            <CardContent sx={{ pb: '12px !important' }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <ScoreChip score={answer.score} />
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <CustomerLink answer={answer} />
                  <Typography variant="body2" color="text.secondary">
                    {formatCompanyDate(answer.answeredAt, zone)} · {channelName(answer.channel)}
                    {answer.vorgangNumber ? ` · ${answer.vorgangNumber}` : ''}
                  </Typography>
                </Box>
                <IconButton
                  aria-label={`Antwort von ${answer.customerName} bearbeiten`}
                  onClick={() => onEdit(answer.id)}
                >
                  <EditIcon />
                </IconButton>
              </Stack>
              {answer.comment && <Typography sx={{ ...NOTE_TEXT_SX, mt: 1 }}>„{answer.comment}“</Typography>}
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {[answer.sellerName, answer.branchName].filter(Boolean).join(' · ')}
              </Typography>
              <Box sx={{ mt: 0.5 }}>
                <FollowUpState answer={answer} />
              </Box>
            </CardContent>
          </Card>
        ))}
        {pager}
      </Stack>
    );
  }
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label="NPS-Antworten">
          <TableHead>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableCell
                  key={column.label || 'actions'}
                  sortDirection={column.sort === view.sort ? (view.order === 'ASC' ? 'asc' : 'desc') : false}
                >
                  {column.sort ? (
                    <TableSortLabel
                      active={column.sort === view.sort}
                      direction={column.sort === view.sort && view.order === 'ASC' ? 'asc' : 'desc'}
                      onClick={() =>
                        onView({
                          ...view,
                          page: 0,
                          sort: column.sort!,
                          order: column.sort === view.sort && view.order === 'DESC' ? 'ASC' : 'DESC',
                        })
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
            {rows.data.map((answer) => (
              <TableRow key={answer.id} hover>
                <TableCell>{formatCompanyDate(answer.answeredAt, zone)}</TableCell>
                <TableCell>
                  <ScoreChip score={answer.score} />
                </TableCell>
                <TableCell>
                  <CustomerLink answer={answer} />
                </TableCell>
                <TableCell>{answer.vorgangNumber ?? ''}</TableCell>
                <TableCell sx={{ maxWidth: 320, ...NOTE_TEXT_SX }}>{answer.comment ?? ''}</TableCell>
                <TableCell>{channelName(answer.channel)}</TableCell>
                <TableCell>{answer.sellerName ?? ''}</TableCell>
                <TableCell>{answer.branchName ?? ''}</TableCell>
                <TableCell>
                  <FollowUpState answer={answer} />
                </TableCell>
                <TableCell padding="checkbox">
                  <IconButton
                    size="small"
                    aria-label={`Antwort von ${answer.customerName} bearbeiten`}
                    onClick={() => onEdit(answer.id)}
                  >
                    <EditIcon fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {pager}
    </>
  );
}
