import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import {
  Box,
  Checkbox,
  Chip,
  IconButton,
  Link as MuiLink,
  List,
  ListItem,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { Link } from 'react-router-dom';
import { DUE_BUCKET_LABELS, type DueBucket } from '../../config/companyTime';
import { formatDate } from '../../i18n/format';
import { activityTypeName } from '../activities/activityTypes';
import { textOn } from '../generic/chipColors';
import type { DueItem } from '../todos/dueItems.endpoints';
import { phoneTapTarget } from './phoneTapTarget';
import { PostponeMenu } from './PostponeMenu';
import type { useDueItemActions } from './useDueItemActions';

const BUCKET_ORDER: DueBucket[] = ['ueberfaellig', 'heute', 'morgen', 'dieseWoche', 'spaeter'];

/** What an item is, as a chip: the label (in its colour, marked Vorgang or Kunde) or the activity's type. */
function KindChip({ item }: { item: DueItem }) {
  if (item.kind === 'aktivitaet') {
    return <Chip size="small" variant="outlined" label={activityTypeName(item.title)} />;
  }
  return (
    <Chip
      size="small"
      label={item.title}
      sx={{
        bgcolor: item.color ?? undefined,
        color: item.color ? textOn(item.color) : undefined,
        fontWeight: 600,
      }}
    />
  );
}

/** Ticked items of a list that offers bulk actions (Fällige Labels), by key. */
export interface DueSelection {
  selected: ReadonlySet<string>;
  toggle: (key: string) => void;
}

function Row({
  item,
  today,
  actions,
  showOwner,
  selection,
}: {
  item: DueItem;
  today: string;
  actions: ReturnType<typeof useDueItemActions>;
  showOwner: boolean;
  selection?: DueSelection;
}) {
  const name = item.kind === 'aktivitaet' ? activityTypeName(item.title) : item.title;
  const where = item.kind === 'vorgangLabel' ? 'Vorgang' : item.kind === 'kundeLabel' ? 'Kunde' : 'Aktivität';
  // Changed offline: the change waits in the outbox, the item takes no second one until it is sent.
  const waiting = actions.waiting.get(item.key);
  const disabled = actions.busy === item.key || waiting !== undefined;
  return (
    <ListItem
      divider
      data-key={item.key}
      sx={{ alignItems: 'flex-start', gap: 1, opacity: actions.busy === item.key ? 0.5 : 1 }}
      secondaryAction={
        <PostponeMenu
          item={item}
          today={today}
          disabled={disabled}
          onPostpone={(days) => void actions.postponeBy(item, today, days)}
          onMoveTo={(day) => void actions.moveTo(item, day)}
        />
      }
    >
      {selection && (
        <Checkbox
          checked={selection.selected.has(item.key)}
          onChange={() => selection.toggle(item.key)}
          slotProps={{ input: { 'aria-label': `${name} (${item.customerName ?? where}) auswählen` } }}
          sx={{ mt: -0.5, mx: -0.5 }}
        />
      )}
      <Tooltip title={item.kind === 'aktivitaet' ? 'Erledigt' : 'Erledigt (Label entfernen)'}>
        <span>
          <IconButton
            aria-label={`${name} erledigt`}
            color="success"
            disabled={disabled}
            onClick={() => void actions.markDone(item)}
            // A thumb's target on a phone (40 px on the desk, as MUI's default).
            sx={{ mt: -0.5, width: { xs: 44, sm: 40 }, height: { xs: 44, sm: 40 } }}
          >
            <CheckCircleOutlineIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Box sx={{ minWidth: 0, flex: 1, pr: 5 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'uppercase' }}>
            {where}
          </Typography>
          <KindChip item={item} />
          <Typography variant="body2" color={item.bucket === 'ueberfaellig' ? 'error' : 'text.secondary'}>
            fällig {formatDate(item.dueDate)}
          </Typography>
          {waiting && <Chip size="small" color="info" label={waiting} />}
        </Stack>
        <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          <MuiLink component={Link} to={`/crm/kunden/${item.customerId}/show`} sx={phoneTapTarget}>
            {item.customerName ?? `Kunde ${item.customerId}`}
          </MuiLink>
          {item.vorgangId !== null && (
            <>
              {' · '}
              <MuiLink component={Link} to={`/crm/vorgang/${item.vorgangId}`} sx={phoneTapTarget}>
                {item.vorgangNumber} {item.vorgangTitle}
              </MuiLink>
            </>
          )}
        </Typography>
        {item.note && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {item.note}
          </Typography>
        )}
        {showOwner && item.ownerName && (
          <Typography variant="caption" color="text.secondary">
            {item.ownerName}
          </Typography>
        )}
      </Box>
    </ListItem>
  );
}

/** "12", or "500 von 1.234" when only the first of a bucket's items were loaded. */
const bucketCountText = (shown: number, all: number | undefined) =>
  all !== undefined && all > shown
    ? `${shown.toLocaleString('de-DE')} von ${all.toLocaleString('de-DE')}`
    : shown.toLocaleString('de-DE');

/** Due items grouped by bucket (Überfällig, Heute, Morgen, Diese Woche, Später), each done or moved in one click. */
export function DueItemList({
  items,
  today,
  actions,
  showOwner = false,
  emptyText,
  bucketCounts,
  selection,
}: {
  items: readonly DueItem[];
  /** Each bucket's full count, when the list holds only the first items. */
  bucketCounts?: Partial<Record<DueItem['bucket'], number>>;
  today: string;
  actions: ReturnType<typeof useDueItemActions>;
  showOwner?: boolean;
  emptyText: string;
  /** Rows can be ticked for a bulk action. */
  selection?: DueSelection;
}) {
  if (items.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography color="text.secondary">{emptyText}</Typography>
      </Paper>
    );
  }
  return (
    <Stack spacing={2}>
      {BUCKET_ORDER.map((bucket) => {
        const inBucket = items.filter((item) => item.bucket === bucket);
        if (inBucket.length === 0) return null;
        return (
          <Paper key={bucket} variant="outlined" component="section" aria-label={DUE_BUCKET_LABELS[bucket]}>
            <Typography
              component="h2"
              sx={{
                px: 2,
                py: 1,
                fontSize: '1rem',
                fontWeight: 700,
                color: bucket === 'ueberfaellig' ? 'error.main' : 'text.primary',
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              {DUE_BUCKET_LABELS[bucket]} ({bucketCountText(inBucket.length, bucketCounts?.[bucket])})
            </Typography>
            <List disablePadding>
              {inBucket.map((item) => (
                <Row
                  key={item.key}
                  item={item}
                  today={today}
                  actions={actions}
                  showOwner={showOwner}
                  selection={selection}
                />
              ))}
            </List>
          </Paper>
        );
      })}
    </Stack>
  );
}
