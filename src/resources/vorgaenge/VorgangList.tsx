import AddIcon from '@mui/icons-material/Add';
import {
  Alert,
  Box,
  Button,
  Card,
  LinearProgress,
  Tab,
  TablePagination,
  Tabs,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useEndpoint, useEndpointClient } from '../../api/useEndpoint';
import { BelegnummerHit, mayBeBelegnummer } from './BelegnummerHit';
import { LazyNewVorgangDialog, preloadNewVorgangDialog } from './LazyNewVorgangDialog';
import { useVorgangFilter } from './useVorgangFilter';
import { useVorgangCounts } from './useVorgangCounts';
import { getAllVorgangs, getVorgangByBelegnr } from './vorgangList.endpoints';
import { MoreActionsMenu } from '../kit/MoreActionsMenu';
import { lazyAfterFirstPaint } from '../kit/lazyAfterFirstPaint';
import { formatVorgangCount, VORGANG_STATUS_LABELS, VORGANG_STATUSES } from './vorgangListTypes';
import { VorgangCards } from './VorgangCards';
import { VorgangFilters } from './VorgangFilters';
import { VorgangTable } from './VorgangTable';

// Read after the first rows: their code comes after the list's first paint.
const SavedViewPicker = lazyAfterFirstPaint(() =>
  import('../savedViews/SavedViewPicker').then((module) => module.SavedViewPicker),
);
const ExportVorgaengeButton = lazyAfterFirstPaint(() =>
  import('./ExportVorgaengeButton').then((module) => module.ExportVorgaengeButton),
);
const BulkSelectionBar = lazyAfterFirstPaint(() =>
  import('../kit/BulkActionBar').then((module) => module.BulkSelectionBar),
);

const TABS = [
  { id: 'alle', label: 'Alle' },
  ...VORGANG_STATUSES.map((id) => ({ id, label: VORGANG_STATUS_LABELS[id] })),
];

/** Vorgänge: status tabs with counts, quick search (also by Belegnummer), filters, sort, pages, export, new. */
export default function VorgangList() {
  const { filter, page, perPage, update } = useVorgangFilter();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const api = useEndpointClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const [creating, setCreating] = useState(false);
  // The ticked Vorgänge (kept across pages, like the Kunden list's selection); a changed filter starts afresh.
  const filterKey = JSON.stringify(filter);
  const [ticks, setTicks] = useState<{ filterKey: string; ids: number[] }>({ filterKey, ids: [] });
  const selected = ticks.filterKey === filterKey ? ticks.ids : [];
  const select = (ids: number[], ticked: boolean) =>
    setTicks({
      filterKey,
      ids: ticked ? [...new Set([...selected, ...ids])] : selected.filter((id) => !ids.includes(id)),
    });
  const rows = useEndpoint(
    getAllVorgangs,
    { query: { ...filter, page, perPage } },
    { placeholderData: keepPreviousData },
  );
  const { data, error, isFetching } = rows;
  // The counts are asked once the rows are there (they take longer): rows first, counts filling in.
  const { count, total } = useVorgangCounts(filter, rows.isSuccess && !rows.isPlaceholderData);
  const first = (page - 1) * perPage + 1;
  // Enter on a full Belegnummer opens its Vorgang straight away.
  const jump = async (text: string) => {
    if (!mayBeBelegnummer(text)) return;
    try {
      const found = await api.call(getVorgangByBelegnr, { params: { belegnr: text } });
      navigate(`/crm/vorgang/${found.id}`);
    } catch {
      notify(`Zur Belegnummer „${text}“ gibt es keinen Vorgang.`, { type: 'warning' });
    }
  };
  return (
    // The layout pads the page already: no second padding on wide screens, room for more rows.
    <Box sx={{ p: { xs: 1, md: 0 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.5, sm: 1 }, mb: 1, flexWrap: 'wrap' }}>
        {/* On a phone the heading has its own line and the actions one row beneath, as on Kunden: the rarer
            Excel-Export waits behind "⋮" after "Neuer Vorgang". */}
        <Typography variant="h5" component="h1" sx={{ flex: 1, flexBasis: { xs: '100%', sm: 0 } }}>
          Vorgänge
        </Typography>
        <SavedViewPicker listKey="vorgaenge" />
        {!small && <ExportVorgaengeButton filter={filter} total={total} />}
        <Button
          variant="contained"
          size="small"
          startIcon={<AddIcon />}
          onPointerEnter={preloadNewVorgangDialog}
          onFocus={preloadNewVorgangDialog}
          onClick={() => setCreating(true)}
        >
          Neuer Vorgang
        </Button>
        {small && (
          <MoreActionsMenu>
            <ExportVorgaengeButton filter={filter} total={total} />
          </MoreActionsMenu>
        )}
      </Box>
      <VorgangFilters filter={filter} update={update} onEnter={jump} />
      {filter.q && <BelegnummerHit text={filter.q} />}
      <Card variant="outlined">
        <Tabs
          value={filter.status ?? 'alle'}
          onChange={(_, status: string) => update({ status: status === 'alle' ? undefined : status })}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Status"
          // 40 px on the desk, a thumb's 44 on a phone.
          sx={{ minHeight: { xs: 44, sm: 40 }, '& .MuiTab-root': { minHeight: { xs: 44, sm: 40 }, py: 1 } }}
        >
          {TABS.map((tab) => (
            <Tab
              key={tab.id}
              value={tab.id}
              // „…“ holds the count's place until it arrives, so the tabs keep their row.
              label={`${tab.label} (${count(tab.id) === undefined ? '…' : formatVorgangCount(count(tab.id)!)})`}
              sx={{ minWidth: 0, px: 1.5 }}
            />
          ))}
        </Tabs>
        <Box sx={{ height: 4 }}>{isFetching && <LinearProgress />}</Box>
        {error && (
          <Alert severity="error">{error.message || 'Die Vorgänge konnten nicht geladen werden.'}</Alert>
        )}
        {data && data.data.length === 0 && (
          <Typography sx={{ p: 2 }} color="text.secondary">
            Keine Vorgänge gefunden.
          </Typography>
        )}
        {data &&
          data.data.length > 0 &&
          (phone ? (
            <VorgangCards rows={data.data} selected={selected} onSelect={select} />
          ) : (
            <VorgangTable
              rows={data.data}
              filter={filter}
              onSort={(sort, order) => update({ sort, order })}
              selected={selected}
              onSelect={select}
            />
          ))}
        <TablePagination
          component="div"
          // Until the total arrives the pager counts as „von …“ (-1) and „Nächste Seite“ follows hasMore.
          count={total ?? -1}
          page={
            total === undefined ? page - 1 : Math.min(page - 1, Math.max(0, Math.ceil(total / perPage) - 1))
          }
          rowsPerPage={perPage}
          // On a phone the page size is not offered (as react-admin's own lists do): with it the pager was wider
          // than the screen and its "Nächste Seite" was cut off.
          rowsPerPageOptions={phone ? [] : [10, 25, 50, 100]}
          onPageChange={(_, next) => update({ page: next + 1 })}
          onRowsPerPageChange={(event) => update({ perPage: Number(event.target.value) })}
          labelDisplayedRows={() =>
            data && data.data.length > 0
              ? `${first.toLocaleString('de-DE')}–${(first + data.data.length - 1).toLocaleString('de-DE')} von ${
                  total === undefined ? '…' : formatVorgangCount(total)
                }`
              : data
                ? '0 von 0'
                : '…'
          }
          slotProps={{ actions: { nextButton: { disabled: !data?.hasMore } } }}
          getItemAriaLabel={(type) =>
            type === 'next'
              ? 'Nächste Seite'
              : type === 'previous'
                ? 'Vorherige Seite'
                : type === 'first'
                  ? 'Erste Seite'
                  : 'Letzte Seite'
          }
        />
      </Card>
      <BulkSelectionBar
        target="vorgaenge"
        sheet={phone}
        selectedIds={selected}
        data={data?.data ?? []}
        total={total ?? 0}
        filterValues={filter}
        onUnselectItems={() => setTicks({ filterKey, ids: [] })}
        onSelectItems={(ids) => setTicks({ filterKey, ids: ids.map(Number) })}
      />
      {creating && <LazyNewVorgangDialog onClose={() => setCreating(false)} />}
    </Box>
  );
}
