import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  Dialog,
  IconButton,
  InputAdornment,
  LinearProgress,
  List,
  ListItemButton,
  ListItemText,
  ListSubheader,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { Fragment, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useGetIdentity, usePermissions } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useEndpoint } from '../../api/useEndpoint';
import { GROUPS } from '../../auth/groups';
import { useDebounced } from '../generic/useDebounced';
import { appCommands, matchCommands } from './appCommands';
import { recentlyOpened } from '../kit/openedRecords';
import { SEARCH_GROUP_LIMIT, findEverything, type SearchResult } from './search.endpoints';

interface Entry {
  key: string;
  group: string;
  label: string;
  detail: string;
  path: string;
}

/** How many of the records opened lately the empty box offers. */
const RECENT_SHOWN = 8;

const BELEG_TYPES: Record<string, string> = {
  angebot: 'Angebot',
  auftragsbestaetigung: 'Auftragsbestätigung',
  rechnung: 'Rechnung',
  gutschrift: 'Gutschrift',
};

const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');

function recordEntries(result: SearchResult): Entry[] {
  const record = (
    group: string,
    entry: Omit<Entry, 'group' | 'key'> & { kind: string; id: number },
  ): Entry => ({
    key: `${entry.kind}:${entry.id}`,
    group,
    label: entry.label,
    detail: entry.detail,
    path: entry.path,
  });
  return [
    ...result.customers.map((c) =>
      record('Kunden', {
        kind: 'kunde',
        id: c.id,
        label: c.name,
        // The field the text was found in comes first (the mobile number typed, not the landline).
        detail: c.matched
          ? joined(`${c.matched.label}: ${c.matched.value}`, c.customerNumber, c.city)
          : joined(c.customerNumber, c.city, c.phone, c.email),
        path: `/crm/kunden/${c.id}/show`,
      }),
    ),
    ...result.endCustomers
      .filter((e) => e.vorgangId !== null)
      .map((e) =>
        record('Endkunden', {
          kind: 'endkunde',
          id: e.id,
          label: e.name,
          detail: joined(e.city, e.vorgangNumber && `Vorgang ${e.vorgangNumber}`),
          path: `/crm/vorgang/${e.vorgangId}`,
        }),
      ),
    ...result.vorgaenge.map((v) =>
      record('Vorgänge', {
        kind: 'vorgang',
        id: v.id,
        label: `${v.vorgangNumber} ${v.title}`,
        detail: v.customerName ?? '',
        path: `/crm/vorgang/${v.id}`,
      }),
    ),
    ...result.belege.map((b) =>
      record('Belege', {
        kind: 'beleg',
        id: b.id,
        label: b.belegNumber,
        detail: joined(BELEG_TYPES[b.belegType] ?? b.belegType, `Vorgang ${b.vorgangNumber}`, b.customerName),
        path: `/crm/vorgang/${b.vorgangId}`,
      }),
    ),
  ];
}

/** Strg+K: one box over the records the person may see and the app's screens; keyboard only. */
export default function CommandMenu({
  onClose,
  takeTypedAhead,
}: {
  onClose: () => void;
  /** What was typed after Strg+K before this box could take it (its code was still loading). */
  takeTypedAhead: () => string;
}) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const navigate = useNavigate();
  const { identity } = useGetIdentity();
  const accountId = identity?.id === undefined ? undefined : String(identity.id);
  const { permissions } = usePermissions<string[]>();
  const groups = useMemo(() => permissions ?? [], [permissions]);
  const commands = useMemo(() => appCommands(groups), [groups]);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  // Short: a search answers in a few ms, so the wait is mostly this pause after the last key.
  const typed = useDebounced(text.trim(), 80);
  const searchesRecords = groups.includes(GROUPS.kunde) && typed.length > 0;
  const { data, isFetching, isError } = useEndpoint(
    findEverything,
    { query: { q: typed.slice(0, 200) } },
    { enabled: searchesRecords, placeholderData: keepPreviousData, staleTime: 30_000 },
  );

  const entries = useMemo<Entry[]>(() => {
    if (!text.trim()) {
      // The customers and Vorgänge opened lately, however they were opened (the list, a link, this box).
      const recent = (accountId ? recentlyOpened(accountId) : []).slice(0, RECENT_SHOWN).map((r) => ({
        key: `${r.kind}:${r.id}`,
        group: 'Zuletzt geöffnet',
        label: r.title,
        detail: r.kind === 'kunde' ? 'Kunde' : 'Vorgang',
        path: r.kind === 'kunde' ? `/crm/kunden/${r.id}/show` : `/crm/vorgang/${r.id}`,
      }));
      const screens = commands.slice(0, 6).map((c) => ({ ...c, group: 'Seiten und Aktionen' }));
      return [...recent, ...screens];
    }
    const screens = matchCommands(commands, text, SEARCH_GROUP_LIMIT).map((c) => ({
      ...c,
      group: 'Seiten und Aktionen',
    }));
    // Results of an older text stay until the new ones come (no flicker), but only while the text still holds.
    const records = searchesRecords && data ? recordEntries(data) : [];
    // Beyond the five shown: the Kunden list filtered by the same text, with every match.
    const allInList =
      searchesRecords && data && data.customers.length > 0
        ? [
            {
              key: 'alle-kunden',
              group: 'Kunden',
              label: 'Alle Treffer in der Liste',
              detail: `Kunden mit „${text.trim()}“`,
              path: `/crm/kunden?filter=${encodeURIComponent(JSON.stringify({ q: text.trim() }))}`,
            },
          ]
        : [];
    const customers = records.filter((entry) => entry.group === 'Kunden');
    return [...screens, ...customers, ...allInList, ...records.filter((entry) => entry.group !== 'Kunden')];
  }, [text, commands, data, searchesRecords, accountId]);

  // The choice stays within the list when new results make it shorter.
  const current = Math.max(0, Math.min(active, entries.length - 1));
  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${current}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  const choose = (entry: Entry | undefined) => {
    if (!entry) return;
    onClose();
    navigate(entry.path);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(entries.length ? (current + step + entries.length) % entries.length : 0);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(entries[current]);
    }
  };

  const waiting = searchesRecords && (isFetching || typed !== text.trim());
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-label="Suche"
      slotProps={{ paper: { sx: phone ? {} : { alignSelf: 'flex-start', mt: 10 } } }}
    >
      <Box sx={{ p: 1.5, pb: 0, display: 'flex', alignItems: 'flex-start', gap: 0.5, flexWrap: 'wrap' }}>
        <TextField
          sx={{ flex: 1 }}
          autoFocus
          fullWidth
          // When the box takes the cursor, the letters typed ahead are its start; later ones it takes itself.
          onFocus={() => {
            const ahead = takeTypedAhead();
            if (ahead) setText((now) => ahead + now);
          }}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          placeholder="Kunden, Vorgänge, Belegnummern, Seiten …"
          slotProps={{
            htmlInput: {
              role: 'combobox',
              'aria-label': 'Suchen',
              'aria-expanded': true,
              'aria-controls': 'suche-treffer',
              'aria-activedescendant': entries[current] ? `suche-${current}` : undefined,
              'aria-autocomplete': 'list',
              maxLength: 200,
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
        />
        {phone && (
          <IconButton aria-label="Suche schließen" onClick={onClose} sx={{ mt: 0.5 }}>
            <CloseIcon />
          </IconButton>
        )}
        <LinearProgress sx={{ mt: 0.5, width: '100%', visibility: waiting ? 'visible' : 'hidden' }} />
      </Box>
      <List
        ref={listRef}
        id="suche-treffer"
        role="listbox"
        aria-label="Treffer"
        dense
        sx={{ maxHeight: phone ? 'none' : '60vh', overflowY: 'auto', pt: 0 }}
      >
        {entries.map((entry, index) => (
          <Fragment key={entry.key}>
            {entry.group !== entries[index - 1]?.group && (
              <ListSubheader role="presentation" sx={{ lineHeight: '32px' }}>
                {entry.group}
              </ListSubheader>
            )}
            <ListItemButton
              id={`suche-${index}`}
              data-index={index}
              role="option"
              aria-selected={index === current}
              selected={index === current}
              onClick={() => choose(entry)}
              onMouseMove={() => index !== current && setActive(index)}
              sx={{ minHeight: 44 }}
            >
              <ListItemText
                primary={entry.label}
                secondary={entry.detail || undefined}
                slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
              />
            </ListItemButton>
          </Fragment>
        ))}
      </List>
      {text.trim() && !waiting && entries.length === 0 && (
        <Typography sx={{ px: 3, pb: 3 }} color="text.secondary">
          {isError ? 'Die Suche ist gerade nicht möglich. Bitte versuchen Sie es erneut.' : 'Keine Treffer.'}
        </Typography>
      )}
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ px: 2, py: 1, display: { xs: 'none', sm: 'block' } }}
      >
        ↑ ↓ wählen · Enter öffnen · Esc schließen
      </Typography>
    </Dialog>
  );
}
