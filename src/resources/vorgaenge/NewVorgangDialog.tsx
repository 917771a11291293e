import { Alert, CircularProgress, Dialog, DialogContent, DialogTitle } from '@mui/material';
import { yupResolver } from '@hookform/resolvers/yup';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AutocompleteInput, Form, HttpError, Toolbar, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ReportFormDirty } from '../../layout/ReportFormDirty';
import { useUnsavedChangesGuard } from '../../layout/useUnsavedChangesGuard';
import { endpointKey } from '../../api/endpoint';
import { useEndpoint, useEndpointClient } from '../../api/useEndpoint';
import { useIdempotencyKey } from '../../api/useIdempotencyKey';
import { getVorgaengeForCustomer } from '../customers/customers.endpoints';
import { entitySchema, requiredSources } from '../entitySchema';
import { EnabledSaveButton } from '../generic/EnabledSaveButton';
import { FieldInput } from '../generic/FieldInput';
import { newVorgangDefaults, saveNewVorgang } from './newVorgang.endpoints';
import { newVorgangForm } from './newVorgang.form';
import { getAllHerkunft, getAllVorgangs, getVorgangCounts } from './vorgangList.endpoints';
import { getSellerOptions } from './vorgang.endpoints';

const schema = entitySchema(newVorgangForm);
const required = requiredSources(newVorgangForm);

/**
 * New Vorgang (an Anfrage before the ERP knows it): Bezeichnung, Herkunft, Verkäufer (default: me), Filiale
 * (default: mine), erwarteter Auftrag; from a customer page the customer is given. Opens the new Vorgang.
 */
export function NewVorgangDialog({ customerId, onClose }: { customerId?: number; onClose: () => void }) {
  const api = useEndpointClient();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedChangesGuard(dirty);
  const close = () => guard.confirmDiscard() && onClose();
  const defaults = useEndpoint(newVorgangDefaults, {}, { staleTime: 60_000 });
  const herkunft = useEndpoint(getAllHerkunft, {}, { staleTime: 60_000 });
  // Only people with customer access, those of the own branch first (the server refuses anyone else).
  const sellers = useEndpoint(getSellerOptions, { query: {} }, { staleTime: 60_000 });
  // One key per opening of the dialog: the same Anfrage sent twice is created once.
  const { key: idempotencyKey } = useIdempotencyKey();
  const save = async (values: Record<string, unknown>) => {
    try {
      const created = await api.call(saveNewVorgang, { body: values, idempotencyKey });
      await queryClient.invalidateQueries({ queryKey: endpointKey(getAllVorgangs) });
      await queryClient.invalidateQueries({ queryKey: endpointKey(getVorgangCounts) });
      await queryClient.invalidateQueries({ queryKey: endpointKey(getVorgaengeForCustomer) });
      notify(`Vorgang ${created.vorgangNumber} angelegt.`, { type: 'info' });
      guard.saved();
      onClose();
      navigate(`/crm/vorgang/${created.id}`);
      return undefined;
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      return error instanceof HttpError
        ? (error.body as { errors?: Record<string, string> })?.errors
        : undefined;
    }
  };
  const fields = newVorgangForm.fields.filter((f) => !(customerId && f.source === 'customerId'));
  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" aria-labelledby="new-vorgang-title">
      <DialogTitle id="new-vorgang-title">Neuer Vorgang (Anfrage)</DialogTitle>
      <DialogContent>
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        )}
        {defaults.isPending || herkunft.isPending || sellers.isPending ? (
          <CircularProgress />
        ) : (
          <Form
            resolver={yupResolver(schema)}
            defaultValues={{
              ...(schema.getDefault() as Record<string, unknown>),
              customerId,
              sellerUserId: defaults.data?.sellerUserId ?? undefined,
              branchId: defaults.data?.branchId ?? undefined,
            }}
            onSubmit={save}
          >
            <ReportFormDirty onChange={setDirty} />
            {fields.map((field) =>
              field.source === 'origin' ? (
                <AutocompleteInput
                  key="origin"
                  source="origin"
                  label="Herkunft"
                  choices={(herkunft.data ?? []).map((h) => ({ id: h.name, name: h.name }))}
                  helperText={false}
                />
              ) : field.source === 'sellerUserId' ? (
                <AutocompleteInput
                  key="sellerUserId"
                  source="sellerUserId"
                  label="Verkäufer"
                  isRequired
                  choices={(sellers.data ?? []).map((seller) => ({
                    id: seller.id,
                    name: seller.name,
                    group: seller.sameBranch ? 'Ihre Filiale' : 'Andere Filialen',
                  }))}
                  groupBy={(choice) => String(choice.group)}
                  helperText={false}
                />
              ) : (
                <FieldInput key={field.source} field={field} required={required.has(field.source)} />
              ),
            )}
            <Toolbar sx={{ backgroundColor: 'background.paper', px: 0 }}>
              <EnabledSaveButton label="Vorgang anlegen" />
            </Toolbar>
          </Form>
        )}
      </DialogContent>
    </Dialog>
  );
}
