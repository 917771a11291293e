import { Box, Stack, Typography } from '@mui/material';
import { useEndpoint, useEndpointClient } from '../../api/useEndpoint';
import { companyToday } from '../../config/companyTime';
import { useCompanyZone } from '../../config/useCompanyZone';
import { AreaPage } from '../../layout/AreaPage';
import { ChangeEntryItem } from '../kit/ChangeEntryItem';
import { ExcelExportButton } from '../kit/ExcelExportButton';
import { FilterSelect, PeriodFilter } from '../kit/LogFilters';
import { PagedLog } from '../kit/PagedLog';
import { useUrlFilters } from '../kit/useUrlFilters';
import { exportChanges, getChangeFilterOptions, getChanges } from './changeHistory.endpoints';
import { countOf } from '../../i18n/format';

const PER_PAGE = 25;
const FILTER_KEYS = ['actor', 'area', 'from', 'to'] as const;

/**
 * Admin → Änderungsverlauf: every recorded change across all records, newest first, filtered by person, area and
 * period (company days) in the address, paged in the database, and exported as Excel with the same filters.
 */
export default function ChangeHistoryPage() {
  const zone = useCompanyZone();
  const api = useEndpointClient();
  const { filter, page, update, periodError } = useUrlFilters(FILTER_KEYS);
  const list = useEndpoint(
    getChanges,
    { query: { ...filter, page, perPage: PER_PAGE } },
    { enabled: !periodError },
  );
  const options = useEndpoint(getChangeFilterOptions, {});

  return (
    <AreaPage area="admin" title="Änderungsverlauf">
      <Box sx={{ py: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }} useFlexGap>
          <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
            Änderungsverlauf
            {list.data && (
              <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
                {countOf(list.data.total, 'Änderung', 'Änderungen')}
              </Typography>
            )}
          </Typography>
          <ExcelExportButton
            variant="outlined"
            download={() => api.download(exportChanges, { query: filter })}
            fileName={`Aenderungsverlauf_${companyToday(zone)}.xlsx`}
            runningLabel={`Export läuft (${list.data ? countOf(list.data.total, 'Änderung', 'Änderungen') : '… Änderungen'}) …`}
            disabled={!list.data?.total || Boolean(periodError)}
          />
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
          <FilterSelect
            label="Person"
            value={filter.actor}
            options={(options.data?.actors ?? []).map((name) => ({ id: name, name }))}
            onChange={(value) => update({ actor: value })}
          />
          <FilterSelect
            label="Bereich"
            value={filter.area}
            options={options.data?.areas ?? []}
            onChange={(value) => update({ area: value })}
          />
          <PeriodFilter from={filter.from} to={filter.to} error={periodError} onChange={update} />
        </Stack>
        <PagedLog
          list={list}
          page={page}
          perPage={PER_PAGE}
          onPage={(next) => update({ page: String(next) })}
          emptyText="Keine Änderungen mit diesen Filtern."
          label="Änderungen"
        >
          {(entry) => <ChangeEntryItem key={entry.id} entry={entry} withContext />}
        </PagedLog>
      </Box>
    </AreaPage>
  );
}
