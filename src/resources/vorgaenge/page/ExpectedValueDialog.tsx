import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useEndpointClient } from '../../../api/useEndpoint';
import { LazyDayPicker } from '../../../i18n/LazyDayPicker';
import { setExpectedValueForVorgang } from '../vorgang.endpoints';
import type { VorgangDetail } from '../vorgangPageTypes';
import { useVorgangChange } from './useVorgangChange';

/** "12.000", "12000,50", "1.234,5 €" → cents; null for empty; NaN for anything else. */
export function centsOfEuroText(text: string): number | null {
  const plain = text.replace(/€/g, '').replace(/\s/g, '');
  if (!plain) return null;
  if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+(,\d{1,2})?$/.test(plain)) return Number.NaN;
  return Math.round(Number(plain.replaceAll('.', '').replace(',', '.')) * 100);
}

const euroText = (cents: number | null) =>
  cents === null
    ? ''
    : (cents / 100).toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The seller's estimate of a Vorgang: the expected value while it has no Beleg (then the Beleg's sum
 * rules and the value is shown read-only), the expected order day while it is open. Saved at the Vorgang's version.
 */
export default function ExpectedValueDialog({
  vorgang,
  onClose,
}: {
  vorgang: VorgangDetail;
  onClose: () => void;
}) {
  const api = useEndpointClient();
  const change = useVorgangChange();
  const valueEditable = vorgang.systemStatus === 'anfrage' && vorgang.belege.length === 0;
  const [value, setValue] = useState(euroText(vorgang.expectedValueCents));
  const [day, setDay] = useState(vorgang.expectedOrderDate);
  const cents = centsOfEuroText(value);
  const invalid = cents !== null && Number.isNaN(cents);
  const save = async () => {
    const ok = await change(
      () =>
        api.call(setExpectedValueForVorgang, {
          body: {
            vorgangId: vorgang.id,
            version: vorgang.version,
            expectedValueCents: valueEditable ? cents : vorgang.expectedValueCents,
            expectedOrderDate: day,
          },
        }),
      `Die Schätzung für ${vorgang.vorgangNumber} ist gespeichert.`,
    );
    if (ok) onClose();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="expected-title">
      <DialogTitle id="expected-title">Erwarteten Wert und Auftrag schätzen</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label="Erwarteter Wert (netto, €)"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            disabled={!valueEditable}
            error={invalid}
            autoFocus={valueEditable}
            inputMode="decimal"
            helperText={
              invalid
                ? 'Bitte geben Sie einen Betrag ein, z. B. 12.500,00.'
                : valueEditable
                  ? 'Zählt, bis das ERP einen Beleg schickt; dann gilt dessen Summe netto.'
                  : 'Es gibt einen Beleg: dessen Summe netto gilt, die Schätzung bleibt zum Vergleich.'
            }
            size="small"
          />
          <LazyDayPicker label="Erwarteter Auftrag" value={day} onChange={setDay} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Abbrechen</Button>
        <Button variant="contained" disabled={invalid} onClick={() => void save()}>
          Speichern
        </Button>
      </DialogActions>
    </Dialog>
  );
}
