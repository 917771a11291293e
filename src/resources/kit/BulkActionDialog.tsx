import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useGetList, type RaRecord } from 'react-admin';
import { useIdempotencyKey } from '../../api/useIdempotencyKey';
import { useEndpoint } from '../../api/useEndpoint';
import { getSellerOptions } from '../vorgaenge/vorgang.endpoints';
import { formatNumber } from '../../i18n/format';
import { LazyDayPicker } from '../../i18n/LazyDayPicker';
import { type BulkAction, type BulkSelection, type BulkTarget } from '../bulkActions/bulkActionTypes';
import { useBulkJob, useBulkJobDialog } from './useBulkJob';
import { BulkJobReport } from './BulkJobReport';

/** The actions the bar offers, as the dialog asks for them. */
export type BulkActionKind = BulkAction['kind'];

/** The actions this dialog asks for; "Mail senden" has a dialog of its own (BulkMailDialog). */
type ChangeKind = Exclude<BulkActionKind, 'mail'>;

const TITLES: Record<ChangeKind, string> = {
  labelHinzu: 'Label hinzufügen',
  labelEntfernen: 'Label entfernen',
  betreuer: 'Betreuer zuweisen',
  verkaeufer: 'Verkäufer zuweisen',
  eigenerStatus: 'Eigenen Status setzen',
  erledigt: 'Als erledigt markieren',
  verschieben: 'Fälligkeit verschieben',
};

/** What the report calls a record the action did something to, where "geändert" says too little. */
const DONE_WORDS: Partial<Record<ChangeKind, string>> = { erledigt: 'erledigt', verschieben: 'verschoben' };

/** How far "Verschieben" moves each due label: a day, a week (from its due day, or today if overdue), or to a day. */
type Shift = 'tag' | 'woche' | 'datum';

/** What the dialog's choice is called per kind (a label is the rest). */
const CHOICE_LABELS: Partial<Record<BulkActionKind, string>> = {
  betreuer: 'Betreuer',
  verkaeufer: 'Verkäufer',
  eigenerStatus: 'Eigener Status',
};

interface Option {
  id: number;
  name: string;
  /** A heading the option stands under (the Verkäufer: the caller's branch first, then the others). */
  group?: string;
}

/**
 * One bulk action from choice to report: pick the label (and due day) or the Betreuer, see how many rows it
 * will change, start it (once, under the dialog's Idempotency-Key), follow the progress, read what was refused.
 */
export function BulkActionDialog({
  kind,
  target,
  selection,
  count,
  onClose,
  onReselect,
}: {
  kind: ChangeKind;
  target: BulkTarget;
  selection: BulkSelection;
  count: number;
  /** `finished`: the job ran, the selection is spent. */
  onClose: (finished: boolean) => void;
  /** "Abgelehnte erneut auswählen": the list selects these (ids, or due labels' keys) instead. */
  onReselect?: (keys: string[]) => void;
}) {
  const [choice, setChoice] = useState<Option | null>(null);
  const [dueDate, setDueDate] = useState<string | null>(null);
  const [shift, setShift] = useState<Shift>('tag');
  const chooses = kind !== 'erledigt' && kind !== 'verschieben';
  const { key } = useIdempotencyKey(true);
  const { jobId, start, job, finished, close, dialogClose, refresh } = useBulkJobDialog(onClose);
  const labels = useGetList<RaRecord>(
    'admin/labels',
    {
      pagination: { page: 1, perPage: 200 },
      sort: { field: 'name', order: 'ASC' },
      filter: target === 'kunden' ? { forCustomer: true } : { forVorgang: true },
    },
    { enabled: kind === 'labelHinzu' || kind === 'labelEntfernen' },
  );
  const statuses = useGetList<RaRecord>(
    'admin/custom-statuses',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'sortOrder', order: 'ASC' }, filter: {} },
    { enabled: kind === 'eigenerStatus' },
  );
  const users = useGetList<RaRecord>(
    'admin-benutzer/users',
    { pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' }, filter: {} },
    { enabled: kind === 'betreuer' },
  );
  // A Verkäufer needs customer access (the server refuses anyone else), as on the Vorgang page.
  const sellers = useEndpoint(getSellerOptions, { query: {} }, { enabled: kind === 'verkaeufer' });
  const rows = kind === 'betreuer' ? users.data : kind === 'eigenerStatus' ? statuses.data : labels.data;
  const options: Option[] =
    kind === 'verkaeufer'
      ? (sellers.data ?? []).map((seller) => ({
          id: seller.id,
          name: seller.name,
          group: seller.sameBranch ? 'Ihre Filiale' : 'Andere Filialen',
        }))
      : (rows ?? [])
          .filter((row) => row.active !== false)
          .map((row) => ({ id: Number(row.id), name: String(row.name) }));
  const action = (): BulkAction | null => {
    if (kind === 'erledigt') return { kind };
    if (kind === 'verschieben') {
      if (shift !== 'datum') return { kind, days: shift === 'tag' ? 1 : 7 };
      return dueDate ? { kind, dueDate } : null;
    }
    if (!choice) return null;
    if (kind === 'betreuer' || kind === 'verkaeufer') return { kind, userId: choice.id };
    if (kind === 'eigenerStatus') return { kind, customStatusId: choice.id };
    if (kind === 'labelEntfernen') return { kind, labelId: choice.id };
    return { kind, labelId: choice.id, dueDate };
  };
  return (
    <Dialog open onClose={dialogClose} fullWidth maxWidth="sm">
      <DialogTitle>{TITLES[kind]}</DialogTitle>
      <DialogContent>
        {jobId === null ? (
          <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
            {chooses && (
              <Autocomplete
                options={options}
                value={choice}
                onChange={(_, next) => setChoice(next)}
                getOptionLabel={(option) => option.name}
                groupBy={kind === 'verkaeufer' ? (option) => option.group ?? '' : undefined}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                renderInput={(params) => (
                  <TextField {...params} label={CHOICE_LABELS[kind] ?? 'Label'} autoFocus />
                )}
              />
            )}
            {kind === 'verschieben' && (
              <ShiftChoice shift={shift} setShift={setShift} dueDate={dueDate} setDueDate={setDueDate} />
            )}
            {kind === 'labelHinzu' && (
              <LazyDayPicker
                label="Fällig am (leer: nach den Tagen des Labels)"
                size="medium"
                value={dueDate}
                onChange={(next) => setDueDate(next ?? null)}
              />
            )}
            <Typography>
              {target === 'faelligeLabels'
                ? `Betrifft ${formatNumber(count)} ${count === 1 ? 'Label' : 'Labels'}. Jedes wird einzeln geändert; eines, das inzwischen geändert wurde, bleibt unverändert und steht im Bericht.`
                : `Betrifft ${formatNumber(count)} ${count === 1 ? 'Datensatz' : 'Datensätze'}. Jeder wird einzeln geändert; einer, der inzwischen geändert wurde, bleibt unverändert und steht im Bericht.`}
            </Typography>
            {start.error && <Alert severity="error">{start.error.message}</Alert>}
          </Box>
        ) : (
          <BulkProgress
            job={job}
            doneWord={DONE_WORDS[kind] ?? 'geändert'}
            onReselect={
              onReselect &&
              ((keys) => {
                refresh();
                onReselect(keys);
              })
            }
          />
        )}
      </DialogContent>
      <DialogActions>
        {jobId === null ? (
          <>
            <Button onClick={() => onClose(false)}>Abbrechen</Button>
            <Button
              variant="contained"
              disabled={!action() || start.isPending}
              onClick={() => {
                const chosen = action();
                if (chosen)
                  start.mutate({ body: { target, action: chosen, selection }, idempotencyKey: key });
              }}
            >
              {formatNumber(count)} ändern
            </Button>
          </>
        ) : (
          <Button variant="contained" disabled={!finished} onClick={close}>
            Schließen
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/**
 * How far the job is, then its report: how many were changed, were so already or refused, and every record with
 * its result (BulkJobReport); `onReselect` selects the refused ones in the list again.
 */
export function BulkProgress({
  job,
  onReselect,
  doneWord = 'geändert',
}: {
  job: ReturnType<typeof useBulkJob>['data'];
  onReselect?: (keys: string[]) => void;
  /** What a record the job did something to is called ("geändert"; a mail's: "erledigt"). */
  doneWord?: string;
}) {
  if (!job) return <LinearProgress aria-label="Sammelaktion startet" />;
  const share = job.total ? (job.done / job.total) * 100 : 100;
  const finished = job.state === 'fertig';
  return (
    <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
      <LinearProgress variant="determinate" value={share} aria-label="Fortschritt der Sammelaktion" />
      <Typography role="status">
        {finished ? 'Fertig: ' : 'Läuft: '}
        {formatNumber(job.done)} von {formatNumber(job.total)} bearbeitet,{' '}
        {formatNumber(job.changed - job.unchanged)} {doneWord}
        {job.unchanged ? `, ${formatNumber(job.unchanged)} schon so` : ''}
        {job.refusedCount ? `, ${formatNumber(job.refusedCount)} abgelehnt` : ''}.
      </Typography>
      <BulkJobReport
        jobId={job.id}
        refusedCount={job.refusedCount}
        finished={finished}
        onReselect={onReselect}
        doneWord={doneWord}
      />
    </Box>
  );
}

/** "Verschieben": +1 Tag, +1 Woche or a chosen day, as the single item's menu offers. */
function ShiftChoice({
  shift,
  setShift,
  dueDate,
  setDueDate,
}: {
  shift: Shift;
  setShift: (next: Shift) => void;
  dueDate: string | null;
  setDueDate: (next: string | null) => void;
}) {
  return (
    <>
      <ToggleButtonGroup
        exclusive
        value={shift}
        aria-label="Verschieben um"
        onChange={(_, next: Shift | null) => next && setShift(next)}
        sx={{ '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.primary' } }}
      >
        {/* "+1" and its unit on one line where the phone makes the buttons narrow. */}
        <ToggleButton value="tag">+1&nbsp;Tag</ToggleButton>
        <ToggleButton value="woche">+1&nbsp;Woche</ToggleButton>
        <ToggleButton value="datum">Datum wählen</ToggleButton>
      </ToggleButtonGroup>
      {shift === 'datum' && (
        <LazyDayPicker
          label="Neues Fälligkeitsdatum"
          size="medium"
          value={dueDate}
          onChange={(next) => setDueDate(next ?? null)}
        />
      )}
      {shift !== 'datum' && (
        <Typography variant="body2" color="text.secondary">
          Ab der bisherigen Fälligkeit, bei überfälligen Labels ab heute.
        </Typography>
      )}
    </>
  );
}
