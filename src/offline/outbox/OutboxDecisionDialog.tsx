import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Link as MuiLink,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { useDataProvider, useGetOne } from 'react-admin';
import { Link } from 'react-router-dom';
import { useEndpointClient } from '../../api/useEndpoint';
import { getChangesForCustomer } from '../../resources/changeHistory/changeHistory.endpoints';
import { formatCompanyDateTime } from '../../config/companyTime';
import { useCompanyZone } from '../../config/useCompanyZone';
import { loadConflictVersions } from './conflictVersions';
import { resolveEntry } from './outbox';
import type { ConflictVersions } from './outboxSubject';
import { customerOfSubject, describeSubject, subjectOf } from './outboxSubjects';
import type { OutboxEntry } from './outboxTypes';

function Version({ title, text }: { title: string; text: string }) {
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
      <Typography variant="overline" component="h3" color="text.secondary">
        {title}
      </Typography>
      <Typography sx={{ wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>{text}</Typography>
    </Box>
  );
}

/**
 * The customer the entry belongs to, as a link to its page (the dialog closes): name and number, so that a seller
 * with several changes waiting knows which customer is meant.
 */
function CustomerLink({ id, onOpen }: { id: number; onOpen: () => void }) {
  const { data } = useGetOne<{ id: number; displayName?: string | null; customerNumber?: string | null }>(
    'kunden',
    { id },
  );
  const name = data?.displayName ?? `Kunde ${id}`;
  return (
    <MuiLink component={Link} to={`/crm/kunden/${id}/show`} onClick={onOpen}>
      „{name}“{data?.customerNumber ? ` (${data.customerNumber})` : ''}
    </MuiLink>
  );
}

/** What was changed meanwhile, in words: the customer (linked), or what the subject says of that customer. */
function changedRecord(entry: OutboxEntry, customer: ReactNode): ReactNode {
  if (!customer) return 'diesen Datensatz';
  // The subject words it around a marker, where the linked customer goes ("„Besuch“ von ¶").
  const [before, after] = (
    subjectOf(entry.subject).changedRecord?.(entry.subject, '¶') ?? 'den Kunden ¶'
  ).split('¶');
  return (
    <>
      {before}
      {customer}
      {after}
    </>
  );
}

/**
 * An outbox entry the server did not take: a conflict (the record changed meanwhile) shows the seller's change
 * beside the current state and lets the seller decide; a refusal shows why. The entry leaves the outbox only
 * by this decision, and nothing after it is sent before.
 */
export default function OutboxDecisionDialog({
  entry,
  onClose,
}: {
  entry: OutboxEntry;
  onClose: () => void;
}) {
  const dataProvider = useDataProvider();
  const client = useEndpointClient();
  const zone = useCompanyZone();
  const [versions, setVersions] = useState<ConflictVersions | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const conflict = entry.state === 'konflikt';
  useEffect(() => {
    if (!conflict) return;
    let current = true;
    const changesOf = (customerId: number) =>
      client
        .call(getChangesForCustomer, { params: { id: customerId }, query: { perPage: 20 } })
        .then((page) => page.data);
    loadConflictVersions(entry, dataProvider, changesOf).then(
      (loaded) => current && setVersions(loaded),
      (error: unknown) =>
        current &&
        setFailure(error instanceof Error ? error.message : 'Der aktuelle Stand ist nicht erreichbar.'),
    );
    return () => {
      current = false;
    };
  }, [entry, conflict, dataProvider, client]);
  const decide = async (replacement: OutboxEntry | null) => {
    setBusy(true);
    try {
      await resolveEntry(entry, replacement);
      onClose();
    } finally {
      setBusy(false);
    }
  };
  const saved = `gespeichert ${formatCompanyDateTime(entry.createdAt, zone)}`;
  const customerId = customerOfSubject(entry.subject);
  const customer = customerId === null ? null : <CustomerLink id={customerId} onOpen={onClose} />;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="ausgang-entscheidung">
      <DialogTitle id="ausgang-entscheidung">
        {conflict ? 'Inzwischen geändert: welcher Stand gilt?' : 'Änderung nicht gespeichert'}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {conflict ? (
            <Typography>
              Während Sie offline waren, hat {versions?.changedBy?.name ?? 'jemand'}{' '}
              {changedRecord(entry, customer)} geändert
              {versions?.changedBy ? ` (${formatCompanyDateTime(versions.changedBy.at, zone)})` : ''}. Ihre
              Änderung wurde nicht übernommen; bitte entscheiden Sie.
            </Typography>
          ) : (
            <>
              {customer && <Typography>Kunde: {customer}</Typography>}
              <Alert severity="error">{entry.problem ?? 'Der Server hat die Änderung abgelehnt.'}</Alert>
            </>
          )}
          <Version
            title={`Meine Änderung (${saved})`}
            text={versions?.mine ?? describeSubject(entry.subject)}
          />
          {conflict &&
            (versions ? (
              <Version title="Aktueller Stand" text={versions.current} />
            ) : failure ? (
              <Alert severity="warning">{failure}</Alert>
            ) : (
              <CircularProgress aria-label="Aktueller Stand wird geladen" sx={{ alignSelf: 'center' }} />
            ))}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ p: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={onClose} disabled={busy}>
          Später
        </Button>
        {conflict ? (
          <>
            <Button
              variant="outlined"
              disabled={busy || (!versions && !failure)}
              onClick={() => void decide(null)}
            >
              Aktuellen Stand behalten
            </Button>
            {versions?.adopt && (
              <Button variant="contained" disabled={busy} onClick={() => void decide(versions.adopt)}>
                Meine Änderung übernehmen
              </Button>
            )}
          </>
        ) : (
          <Button variant="contained" color="error" disabled={busy} onClick={() => void decide(null)}>
            Verwerfen
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
