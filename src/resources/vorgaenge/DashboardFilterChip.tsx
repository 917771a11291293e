import { Chip } from '@mui/material';
import { countOf, formatDate } from '../../i18n/format';
import type { VorgangFilter } from './vorgangList.endpoints';
import { BELEG_TYPE_LABELS, type BELEG_TYPES } from './vorgangListTypes';

type Update = (changes: Record<string, undefined>) => void;

/** The filters only the dashboard's links set (Belegart/-datum, Filialen, ohne Aktivität), shown and removable. */
export function DashboardFilterChip({ filter, update }: { filter: VorgangFilter; update: Update }) {
  const parts: string[] = [];
  if (filter.belegType) {
    const types = filter.belegType
      .split(',')
      .map((type) => BELEG_TYPE_LABELS[type as (typeof BELEG_TYPES)[number]] ?? type);
    const from = filter.belegFrom ? ` ab ${formatDate(filter.belegFrom)}` : '';
    const to = filter.belegTo ? ` bis ${formatDate(filter.belegTo)}` : '';
    parts.push(`Beleg: ${types.join(' oder ')}${from}${to}`);
  }
  if (filter.branchIds) parts.push(countOf(filter.branchIds.split(',').length, 'Filiale', 'Filialen'));
  if (filter.inactiveSince) parts.push(`ohne Aktivität seit ${formatDate(filter.inactiveSince)}`);
  if (!parts.length) return null;
  return (
    <Chip
      label={`Vom Dashboard: ${parts.join(' · ')}`}
      onDelete={() =>
        update({
          belegType: undefined,
          belegFrom: undefined,
          belegTo: undefined,
          branchIds: undefined,
          inactiveSince: undefined,
        })
      }
      sx={{ maxWidth: '100%', mt: 1 }}
    />
  );
}
