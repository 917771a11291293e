import { Grid, TextField } from '@mui/material';
import { useState } from 'react';
import { formatEuroCents } from '../../i18n/format';
import { VORGANG_STATUS_LABELS } from '../vorgaenge/vorgangListTypes';
import type { AutomationOptions } from './automation.endpoints';
import { CUSTOMER_TYPE_NAMES } from './automation.rules';
import type { Problems } from './automationDraft';
import { CUSTOMER_TYPE_CODES, VORGANG_STATUS_CODES, type Conditions } from './automationTypes';
import { at, MultiSelectField, SelectField } from './formFields';

/** Whether the customer opened the Vorgang's latest online offer (the follow-up cadence's steps ask it). */
const OFFER_OPENED_CHOICES = [
  { id: 'ja' as const, name: 'Ja, vom Kunden geöffnet' },
  { id: 'nein' as const, name: 'Nein, noch nicht geöffnet' },
];

/** "5.000" or "5.000,50" (€) in cents; null when empty, NaN when it is no amount. */
export function parseEuro(text: string): number | null {
  const plain = text.replace(/€|\s/g, '');
  if (!plain) return null;
  if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+(,\d{1,2})?$/.test(plain)) return Number.NaN;
  return Math.round(Number(plain.replaceAll('.', '').replace(',', '.')) * 100);
}

const amountText = (cents: number | null) =>
  cents === null || Number.isNaN(cents) ? '' : formatEuroCents(cents).replace(/\s?€/, '');

/** An amount in euros, typed the German way; the draft holds cents. */
function AmountField(props: {
  label: string;
  cents: number | null;
  onChange: (cents: number | null) => void;
  error?: string;
}) {
  const [text, setText] = useState(amountText(props.cents));
  return (
    <TextField
      fullWidth
      size="small"
      label={props.label}
      value={text}
      error={Boolean(props.error)}
      helperText={props.error ?? 'in €, leer: beliebig'}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      onChange={(event) => {
        setText(event.target.value);
        props.onChange(parseEuro(event.target.value));
      }}
    />
  );
}

const codes = <K extends string>(names: Record<K, string>, keys: readonly K[]) =>
  keys.map((id) => ({ id, name: names[id] }));

/** Conditions on the record: each empty list or amount means "any". */
export function ConditionsSection(props: {
  conditions: Conditions;
  onChange: (conditions: Conditions) => void;
  problems: Problems;
  options: AutomationOptions;
}) {
  const { conditions, onChange, problems, options } = props;
  const half = { xs: 12, sm: 6 } as const;
  const set = (change: Partial<Conditions>) => onChange({ ...conditions, ...change });
  return (
    <Grid container spacing={2}>
      <Grid size={half}>
        <MultiSelectField
          label="Filiale"
          value={conditions.branchIds}
          choices={options.branches}
          error={at(problems, 'conditions.branchIds')}
          onChange={(branchIds) => set({ branchIds })}
        />
      </Grid>
      <Grid size={half}>
        <MultiSelectField
          label="Vorgangsart"
          value={conditions.vorgangStatuses}
          choices={codes(VORGANG_STATUS_LABELS, VORGANG_STATUS_CODES)}
          onChange={(vorgangStatuses) => set({ vorgangStatuses })}
        />
      </Grid>
      <Grid size={half}>
        <AmountField
          label="Betrag netto ab"
          cents={conditions.minAmountCents}
          error={at(problems, 'conditions.minAmountCents')}
          onChange={(minAmountCents) => set({ minAmountCents })}
        />
      </Grid>
      <Grid size={half}>
        <AmountField
          label="Betrag netto bis"
          cents={conditions.maxAmountCents}
          error={at(problems, 'conditions.maxAmountCents')}
          onChange={(maxAmountCents) => set({ maxAmountCents })}
        />
      </Grid>
      <Grid size={half}>
        <MultiSelectField
          label="Eigener Status"
          value={conditions.customStatusIds}
          choices={options.customStatuses}
          error={at(problems, 'conditions.customStatusIds')}
          onChange={(customStatusIds) => set({ customStatusIds })}
        />
      </Grid>
      <Grid size={half}>
        <MultiSelectField
          label="Kundentyp"
          value={conditions.customerTypes}
          choices={codes(CUSTOMER_TYPE_NAMES, CUSTOMER_TYPE_CODES)}
          onChange={(customerTypes) => set({ customerTypes })}
        />
      </Grid>
      <Grid size={half}>
        <SelectField
          label="Online-Angebot geöffnet"
          value={conditions.offerOpened ?? null}
          choices={OFFER_OPENED_CHOICES}
          none="beliebig"
          onChange={(offerOpened) => set({ offerOpened })}
        />
      </Grid>
    </Grid>
  );
}
