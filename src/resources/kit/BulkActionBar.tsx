import { Box, Button, Paper, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useListContext, type Identifier } from 'react-admin';
import { formatNumber } from '../../i18n/format';
import type { BulkSelection, BulkTarget } from '../bulkActions/bulkActionTypes';
import { MAX_PICKED_ROWS } from '../bulkActions/bulkActionTypes';
import { BulkMailDialog } from './BulkMailDialog';
import { BulkActionDialog, type BulkActionKind } from './BulkActionDialog';
import { BulkExportButton } from './BulkExportButton';

const ACTIONS: Record<BulkTarget, { kind: BulkActionKind; label: string }[]> = {
  kunden: [
    { kind: 'labelHinzu', label: 'Label hinzufügen' },
    { kind: 'labelEntfernen', label: 'Label entfernen' },
    { kind: 'betreuer', label: 'Betreuer zuweisen' },
    { kind: 'mail', label: 'Mail senden' },
  ],
  vorgaenge: [
    { kind: 'verkaeufer', label: 'Verkäufer zuweisen' },
    { kind: 'eigenerStatus', label: 'Eigenen Status setzen' },
    { kind: 'labelHinzu', label: 'Label hinzufügen' },
    { kind: 'labelEntfernen', label: 'Label entfernen' },
    { kind: 'mail', label: 'Mail senden' },
  ],
  faelligeLabels: [
    { kind: 'erledigt', label: 'Erledigt (Labels entfernen)' },
    { kind: 'verschieben', label: 'Verschieben' },
    { kind: 'mail', label: 'Mail senden' },
  ],
};

/** The bar on a react-admin list: its selection, rows, total and filter come from the list's context. */
export function BulkActionBar({ target, sheet = false }: { target: BulkTarget; sheet?: boolean }) {
  const {
    selectedIds,
    data = [],
    total = 0,
    filterValues,
    onUnselectItems,
    onSelect,
    sort,
  } = useListContext();
  return (
    <BulkSelectionBar
      target={target}
      sheet={sheet}
      selectedIds={selectedIds}
      data={data as { id: Identifier; version?: unknown }[]}
      total={total}
      filterValues={filterValues as Record<string, unknown>}
      onUnselectItems={() => onUnselectItems()}
      onSelectItems={(ids) => onSelect(ids)}
      sort={
        sort.order === 'DESC' ? { field: sort.field, order: 'DESC' } : { field: sort.field, order: 'ASC' }
      }
    />
  );
}

/**
 * What a list offers for its selected rows: "Alle 1.234 Treffer auswählen" once the whole page is ticked, and
 * the actions, each run as one job on the server. It floats at the bottom of the screen, where it covers no
 * filter; on a phone (`sheet`) it is a sheet across the bottom with large buttons, where the thumb is. The ticked rows go to the server with
 * the version each showed; "alle Treffer" goes as the list's filter, resolved there.
 */
export function BulkSelectionBar({
  target,
  sheet = false,
  selectedIds,
  data,
  total,
  filterValues,
  onUnselectItems,
  onSelectItems,
  sort,
  selectionOf,
}: {
  target: BulkTarget;
  sheet?: boolean;
  selectedIds: Identifier[];
  /** The rows of the page shown, with the version each showed. */
  data: { id: Identifier; version?: unknown }[];
  total: number;
  /** The list's filter as its list endpoint takes it ("alle Treffer"). */
  filterValues: Record<string, unknown>;
  onUnselectItems: () => void;
  /** Selects these rows instead ("Abgelehnte erneut auswählen" in a job's report); absent: not offered. */
  onSelectItems?: (ids: Identifier[]) => void;
  /** The list's order where its filter does not carry it (Kunden), for the export. */
  sort?: { field: string; order: 'ASC' | 'DESC' };
  /** The ticked rows as the list's selection, where they are not rows with an id and version (due labels). */
  selectionOf?: (ids: Identifier[]) => BulkSelection;
}) {
  const [allMatches, setAllMatches] = useState(false);
  const [open, setOpen] = useState<{ kind: BulkActionKind; selection: BulkSelection } | null>(null);
  // The version of every row the person saw while ticking (rows ticked on earlier pages are no longer in data).
  const seen = useRef(new Map<Identifier, number>());
  useEffect(() => {
    for (const row of data) seen.current.set(row.id, Number(row.version));
  }, [data]);
  const [bar, setBar] = useState<HTMLElement | null>(null);
  const room = useRoomCoveredBy(bar);
  if (!selectedIds.length) return null;
  const wholePage = data.length > 0 && data.every((row) => selectedIds.includes(row.id));
  const count = allMatches ? total : selectedIds.length;
  const selectionNow = (): BulkSelection => {
    for (const row of data) seen.current.set(row.id, Number(row.version));
    if (allMatches) return { filter: filterValues };
    // A row not seen on a page (selected again from a report) goes without a version: the server takes its state
    // at the start.
    return selectionOf
      ? selectionOf(selectedIds)
      : { rows: selectedIds.map((id) => ({ id: Number(id), version: seen.current.get(id) })) };
  };
  const choose = (kind: BulkActionKind) => setOpen({ kind, selection: selectionNow() });
  const tooMany = !allMatches && selectedIds.length > MAX_PICKED_ROWS;
  const scope = allMatches ? (
    <Button size="small" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }} onClick={() => setAllMatches(false)}>
      Nur diese Seite
    </Button>
  ) : (
    wholePage &&
    total > data.length && (
      <Button size="small" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }} onClick={() => setAllMatches(true)}>
        Alle {formatNumber(total)} Treffer auswählen
      </Button>
    )
  );
  const buttons = ACTIONS[target].map((action) => (
    <Button
      key={action.kind}
      variant="outlined"
      size={sheet ? 'large' : 'small'}
      disabled={tooMany}
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      onClick={() => choose(action.kind)}
    >
      {action.label}
    </Button>
  ));
  buttons.push(
    <BulkExportButton
      key="export"
      target={target}
      selection={selectionNow}
      count={count}
      sort={target === 'kunden' ? sort : undefined}
      // Ticked due labels are exported within the scope shown (their list's filter is that scope).
      scope={target === 'faelligeLabels' ? filterValues : undefined}
      large={sheet}
      disabled={tooMany}
    />,
  );
  return (
    <>
      {/* The bar floats over the page's end: as much room there as it covers, so that the last row and the
          pager can be scrolled above it, however many buttons it holds. At the end of the document, as the
          bar may be drawn inside the list (the cards, above the pager). */}
      {createPortal(<Box aria-hidden sx={{ height: `${room}px` }} />, document.body)}
      <Paper
        ref={setBar}
        elevation={8}
        role="region"
        aria-label="Auswahl bearbeiten"
        sx={{
          position: 'fixed',
          bottom: 0,
          zIndex: (theme) => theme.zIndex.appBar,
          p: 1.5,
          ...(sheet
            ? {
                left: 0,
                right: 0,
                pb: 'calc(12px + env(safe-area-inset-bottom))',
                borderRadius: '12px 12px 0 0',
              }
            : // As wide as its buttons, centred beside a docked menu (never over it), at most the rest of the
              // window less a margin; beyond that it wraps.
              {
                left: 'var(--crm-docked-menu, 0px)',
                right: 0,
                mx: 'auto',
                width: 'fit-content',
                mb: 2,
                maxWidth: 'calc(100vw - var(--crm-docked-menu, 0px) - 32px)',
              }),
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Typography component="span" variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
            {allMatches
              ? `Alle ${formatNumber(total)} Treffer`
              : `${formatNumber(selectedIds.length)} ausgewählt`}
          </Typography>
          {scope}
          {!sheet && buttons}
          <Button size="small" sx={{ ml: 'auto', flexShrink: 0 }} onClick={() => onUnselectItems()}>
            Aufheben
          </Button>
        </Box>
        {/* Two buttons a row: stacked one under the other they covered some 350 px of a phone's screen. */}
        {sheet && (
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
              gap: 1,
              mt: 1,
              '& .MuiButton-root': { minHeight: 44, px: 1, fontSize: '0.8125rem' },
            }}
          >
            {buttons}
          </Box>
        )}
      </Paper>
      {open?.kind === 'mail' && (
        <BulkMailDialog
          target={target}
          selection={open.selection}
          count={count}
          onClose={(finished) => {
            setOpen(null);
            if (finished) {
              setAllMatches(false);
              onUnselectItems();
            }
          }}
        />
      )}
      {open && open.kind !== 'mail' && (
        <BulkActionDialog
          kind={open.kind}
          target={target}
          selection={open.selection}
          count={count}
          onClose={(finished) => {
            setOpen(null);
            if (finished) {
              setAllMatches(false);
              onUnselectItems();
            }
          }}
          onReselect={
            onSelectItems &&
            ((keys) => {
              setOpen(null);
              setAllMatches(false);
              // Their versions are what the person sees after the report, not what the job saw.
              for (const key of keys) seen.current.delete(target === 'faelligeLabels' ? key : Number(key));
              onSelectItems(keys.map((key) => (target === 'faelligeLabels' ? key : Number(key))));
            })
          }
        />
      )}
    </>
  );
}

/**
 * How much of the window's bottom `element` covers (from its top edge down), kept up to date as it grows or
 * shrinks (more buttons, wrapped rows, another window size).
 */
function useRoomCoveredBy(element: HTMLElement | null): number {
  const [room, setRoom] = useState(0);
  useEffect(() => {
    if (!element) return;
    const measure = () =>
      setRoom(Math.max(0, Math.ceil(window.innerHeight - element.getBoundingClientRect().top)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [element]);
  return room;
}
