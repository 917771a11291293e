import { Alert, Box, LinearProgress, Stack, TablePagination, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Title } from 'react-admin';
import { useEndpoint, useEndpointClient } from '../../api/useEndpoint';
import { companyToday } from '../../config/companyTime';
import { ExcelExportButton } from '../kit/ExcelExportButton';
import { TodosTabs } from '../kit/TodosTabs';
import { useCompanyZone } from '../../config/useCompanyZone';
import { exportActivities, getActivities, getActivityFilterOptions } from './activities.endpoints';
import { ActivityFilterBar } from './ActivityFilterBar';
import { ActivityTable } from './ActivityTable';
import { useActivityFilter } from './useActivityFilter';
import type { ACTIVITY_SORT_FIELDS, ActivityFilterValues } from './activities.endpoints';
import { countOf } from '../../i18n/format';

// recharts loads only with this chart, not with the list.
const ActivitySellerChart = lazy(() => import('./ActivitySellerChart'));

const PER_PAGE = 25;
type SortField = (typeof ACTIVITY_SORT_FIELDS)[number];
type ActivityCode = NonNullable<ActivityFilterValues['activityType']>;

/** /crm/todos/aktivitaeten: all activities the caller may see, filtered, sorted, paged, exported to Excel. */
export default function ActivitiesPage() {
  const zone = useCompanyZone();
  const { filter, page, sort, order, update } = useActivityFilter();
  const query = {
    activityType: filter.activityType as ActivityCode | undefined,
    reasonId: filter.reasonId ? Number(filter.reasonId) : undefined,
    userId: filter.userId ? Number(filter.userId) : undefined,
    branchId: filter.branchId ? Number(filter.branchId) : undefined,
    from: filter.from,
    to: filter.to,
    done: filter.done ? filter.done === 'true' : undefined,
    sort: sort as SortField,
    order,
  };
  const list = useEndpoint(getActivities, { query: { ...query, page, perPage: PER_PAGE } });
  const options = useEndpoint(getActivityFilterOptions, {});
  const api = useEndpointClient();
  // The server refuses it too (400 at "to"); said here at the field.
  const periodError =
    filter.from && filter.to && filter.from > filter.to
      ? 'Das Ende liegt vor dem Anfang des Zeitraums.'
      : undefined;

  return (
    <Box sx={{ py: 2 }}>
      <Title title="Aktivitäten" />
      <TodosTabs />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          Aktivitäten
          {list.data && (
            <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
              {list.data.total.toLocaleString('de-DE')} gefunden
            </Typography>
          )}
        </Typography>
        <ExcelExportButton
          variant="outlined"
          download={() => api.download(exportActivities, { query })}
          fileName={`Aktivitaeten_${companyToday(zone)}.xlsx`}
          runningLabel={`Export läuft (${list.data ? countOf(list.data.total, 'Aktivität', 'Aktivitäten') : '… Aktivitäten'}) …`}
          disabled={!list.data?.total}
        />
      </Stack>
      <ActivityFilterBar filter={filter} onChange={update} error={periodError} />
      {options.data && !periodError && (
        <Suspense fallback={null}>
          <ActivitySellerChart
            lead={options.data.lead}
            userId={query.userId}
            from={filter.from}
            to={filter.to}
          />
        </Suspense>
      )}
      {list.isPending && <LinearProgress aria-label="Wird geladen" />}
      {list.error && <Alert severity="error">{list.error.message}</Alert>}
      {list.data && list.data.total === 0 && (
        <Alert severity="info">Keine Aktivitäten mit diesen Filtern.</Alert>
      )}
      {list.data && list.data.total > 0 && (
        <>
          <ActivityTable
            rows={list.data.rows}
            zone={zone}
            sort={sort}
            order={order}
            onSort={(field) =>
              update({ sort: field, order: field === sort && order === 'DESC' ? 'ASC' : 'DESC' })
            }
          />
          <TablePagination
            component="div"
            count={list.data.total}
            page={page - 1}
            rowsPerPage={PER_PAGE}
            rowsPerPageOptions={[PER_PAGE]}
            onPageChange={(_, next) => update({ page: String(next + 1) })}
            labelDisplayedRows={({ from, to, count }) => `${from}–${to} von ${count.toLocaleString('de-DE')}`}
          />
        </>
      )}
    </Box>
  );
}
