import CloudOffIcon from '@mui/icons-material/CloudOff';
import SyncIcon from '@mui/icons-material/Sync';
import { Box, Chip } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useDataProvider, useGetIdentity, useLogin, useNotify } from 'react-admin';
import type { CrmDataProvider } from '../../dataProvider/entityDataProvider';
import { useOnline } from '../online';
import { connectOutbox, useOutboxView } from './outbox';
import { outboxChipText, outboxSavedText } from './outboxWording';
import type { OutboxEntry } from './outboxTypes';

// Only a page with a conflict loads the view that decides it.
const OutboxDecisionDialog = lazy(() => import('./OutboxDecisionDialog'));

/** Connects the outbox to the signed-in account and the API client, and refreshes the screens after sends. */
function useOutboxConnection() {
  const dataProvider = useDataProvider<CrmDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { identity } = useGetIdentity();
  const accountId = identity?.id === undefined ? undefined : String(identity.id);
  useEffect(() => {
    if (!accountId) return;
    return connectOutbox(
      accountId,
      {
        call: (path, options) => dataProvider.call(path, options),
        upload: (path, file, key) => dataProvider.upload(path, file, undefined, key),
      },
      // After a run that sent something, every list and page shows the server's state again, and the seller
      // hears that what waited is stored (the chip only disappears).
      (sent) => {
        void queryClient.invalidateQueries();
        notify(outboxSavedText(sent.length), { type: 'success' });
      },
    );
  }, [accountId, dataProvider, queryClient, notify]);
}

const blockedEntry = (entries: readonly OutboxEntry[]): OutboxEntry | undefined =>
  entries.find((entry) => entry.state !== 'wartet');

/** What the top bar's chip says on the network and the outbox now; null when it is not shown. */
export function useOutboxChipText(): string | null {
  const online = useOnline();
  const { entries, sending, signInExpired } = useOutboxView();
  return outboxChipText({
    online,
    waiting: entries.length,
    sending,
    signInExpired,
    needsDecision: Boolean(blockedEntry(entries)),
  });
}

// The height of the chip's row below a phone's top bar (a chip that opens the conflict view is 44 px high).
const PHONE_CHIP_ROW = 52;

/**
 * On a phone the chip has a row of its own below the top bar: this keeps that row's room above the page while it
 * is shown, so it does not cover the page's first line (the "Offline · Stand" note).
 */
export function PhoneOutboxChipSpace() {
  const shown = Boolean(useOutboxChipText());
  return shown ? (
    <Box aria-hidden sx={{ display: { xs: 'block', sm: 'none' }, height: PHONE_CHIP_ROW }} />
  ) : null;
}

/**
 * The top bar's word on the device's network and outbox: "Offline – 3 Änderungen warten", "3 Änderungen werden
 * gesendet …", an expired sign-in (tap: sign in again) or a change waiting for the seller's decision (tap: the
 * conflict view, which also opens by itself when the conflict arrives).
 */
export function OutboxStatus({ phoneTop }: { phoneTop: number }) {
  useOutboxConnection();
  const online = useOnline();
  const { entries, signInExpired } = useOutboxView();
  const login = useLogin();
  const blocked = blockedEntry(entries);
  const [open, setOpen] = useState<number | null>(null);
  const [shown, setShown] = useState<number | null>(null);
  // A new conflict opens its view once; "Später" closes it, the chip opens it again.
  if (blocked && blocked.seq !== shown) {
    setShown(blocked.seq);
    setOpen(blocked.seq);
  }
  const text = useOutboxChipText();
  if (!text) return null;
  const action = blocked
    ? () => setOpen(blocked.seq)
    : signInExpired && online
      ? () => void login({})
      : undefined;
  return (
    <>
      {/* A phone's top bar has no room left: there the chip has a row of its own just below it, as opaque as the
          bar, so the page scrolls under it instead of showing around a floating chip (which covered a Termin's
          address and the e-mail line). On the desk the row is no box of its own. */}
      <Box
        sx={{
          display: { xs: 'flex', sm: 'contents' },
          position: 'fixed',
          top: phoneTop,
          left: 0,
          right: 0,
          height: PHONE_CHIP_ROW,
          alignItems: 'center',
          justifyContent: 'center',
          px: 1,
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
          zIndex: 'appBar',
        }}
      >
        <Chip
          role="status"
          aria-live="polite"
          icon={online ? <SyncIcon /> : <CloudOffIcon />}
          label={text}
          color={blocked ? 'error' : 'info'}
          onClick={action}
          size="small"
          sx={{
            flexShrink: 0,
            maxWidth: '100%',
            // Offline in dark grey: a state of the device, not a message of the page.
            ...(online || blocked ? {} : { bgcolor: 'grey.800', color: 'common.white' }),
            '& .MuiChip-icon': { color: 'inherit' },
            height: 'auto',
            // A chip that opens something is a thumb's target on a phone.
            minHeight: { xs: action ? 44 : 0, sm: 0 },
            py: 0.5,
            '& .MuiChip-label': { whiteSpace: 'normal', lineHeight: 1.2 },
          }}
        />
      </Box>
      {blocked && open === blocked.seq && (
        <Suspense fallback={null}>
          <OutboxDecisionDialog entry={blocked} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
