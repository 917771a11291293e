import { Alert, Dialog, DialogContent, DialogTitle } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Form, HttpError, Toolbar, useNotify } from 'react-admin';
import { useEndpointClient } from '../../../api/useEndpoint';
import { entitySchema, requiredSources } from '../../entitySchema';
import { EnabledSaveButton } from '../../generic/EnabledSaveButton';
import { FieldInput } from '../../generic/FieldInput';
import { useSchemaResolver } from '../../generic/useSchemaResolver';
import { addEndkundeToVorgang } from '../customers.endpoints';
import { endCustomerForm } from '../endCustomer.form';
import { vorgaengeKey, type CustomerVorgang } from './vorgangTypes';

const schema = entitySchema(endCustomerForm);
const required = requiredSources(endCustomerForm);

/** Adds an Endkunde to one of the customer's Vorgänge (kunde/addEndkundeToVorgang), same rules as the server. */
export function EndCustomerDialog({
  customerId,
  vorgang,
  onClose,
}: {
  customerId: number;
  vorgang: CustomerVorgang;
  onClose: () => void;
}) {
  const api = useEndpointClient();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [problem, setProblem] = useState<string | null>(null);
  // Land preset and phone numbers read in the tenant's country, as the server validates.
  const { resolver, context } = useSchemaResolver(schema);
  const save = async (values: Record<string, unknown>) => {
    try {
      await api.call(addEndkundeToVorgang, {
        body: { customerId, vorgangId: vorgang.id, version: vorgang.version, endCustomer: values },
      });
      await queryClient.invalidateQueries({ queryKey: vorgaengeKey(customerId) });
      notify(`Endkunde für ${vorgang.vorgangNumber} eingetragen.`, { type: 'info' });
      onClose();
      return undefined;
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      if (error instanceof HttpError && error.status === 409) {
        await queryClient.invalidateQueries({ queryKey: vorgaengeKey(customerId) });
      }
      return error instanceof HttpError
        ? (error.body as { errors?: Record<string, string> })?.errors
        : undefined;
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="end-customer-title">
      <DialogTitle id="end-customer-title">Endkunde für {vorgang.vorgangNumber}</DialogTitle>
      <DialogContent>
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        )}
        <Form
          resolver={resolver}
          defaultValues={schema.getDefault({ context }) as Record<string, unknown>}
          onSubmit={save}
        >
          {endCustomerForm.fields.map((field) => (
            <FieldInput key={field.source} field={field} required={required.has(field.source)} />
          ))}
          <Toolbar sx={{ backgroundColor: 'background.paper', px: 0 }}>
            <EnabledSaveButton label="Endkunde speichern" />
          </Toolbar>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
