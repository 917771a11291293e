import DownloadIcon from '@mui/icons-material/Download';
import MailIcon from '@mui/icons-material/MailOutline';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  Link,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { HttpError, useNotify, type RaRecord } from 'react-admin';
import { endpointKey } from '../../api/endpoint';
import { useEndpoint, useEndpointClient } from '../../api/useEndpoint';
import { saveBlob } from '../kit/saveBlob';
import { getTextTemplatesForUser } from '../textTemplates/textTemplates.endpoints';
import type { Beleg } from '../customers/vorgaenge/vorgangTypes';
import { timelineKey } from '../customers/timeline/timelineTypes';
import {
  getSimplifiedOfferUserConfiguration,
  offerFileName,
  pdfGen,
  saveSimplifiedOfferUserConfiguration,
  type OfferSettings,
} from './offerPdf.endpoints';
import { PdfPages } from './PdfPages';

const MailDialog = lazy(() => import('../mail/MailDialog'));

const SWITCHES: [keyof OfferSettings, string][] = [
  ['showUnitPrices', 'Einzelpreise zeigen'],
  ['showPositionTotals', 'Positionssummen zeigen'],
  ['showArticleNumbers', 'Artikelnummern zeigen'],
  ['showZeroPositions', 'Positionen mit Preis 0 zeigen'],
  ['showDiscountLine', 'Nachlässe als eigene Zeile über den Summen'],
];

/** The PDF for these settings as an object URL for the preview; released when the settings change. */
function usePreview(belegId: number, settings: OfferSettings | null) {
  const api = useEndpointClient();
  const {
    data: blob,
    error,
    isFetching,
  } = useQuery({
    queryKey: [...endpointKey(pdfGen), belegId, settings],
    queryFn: () => api.download(pdfGen, { body: { belegId, settings: settings! } }),
    enabled: settings !== null,
    placeholderData: (previous) => previous,
    staleTime: Infinity,
  });
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return { blob, url, error, isFetching };
}

/**
 * Settings (remembered per seller, saved on each change), a live preview of the PDF, then download or
 * send it by mail with the PDF attached.
 */
export function SimplifiedOfferDialog({
  beleg,
  vorgangId,
  customer,
  onClose,
}: {
  beleg: Pick<Beleg, 'id' | 'belegNumber'>;
  vorgangId: number;
  customer: RaRecord;
  onClose: () => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const api = useEndpointClient();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const saved = useEndpoint(getSimplifiedOfferUserConfiguration, {});
  const { data: templates = [] } = useEndpoint(getTextTemplatesForUser, {});
  const [settings, setSettings] = useState<(OfferSettings & { version: number }) | null>(null);
  const [previewSettings, setPreviewSettings] = useState<OfferSettings | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [mailing, setMailing] = useState(false);
  if (saved.data && settings === null) {
    setSettings(saved.data);
    const { version: _version, ...only } = saved.data;
    setPreviewSettings(only);
  }
  // The signature is typed: the preview follows when typing pauses, not on every key.
  useEffect(() => {
    if (!settings) return undefined;
    const { version: _version, ...only } = settings;
    const timer = setTimeout(() => setPreviewSettings(only), 400);
    return () => clearTimeout(timer);
  }, [settings]);
  const preview = usePreview(beleg.id, previewSettings);

  const save = async (next: OfferSettings & { version: number }) => {
    setSettings(next);
    try {
      const result = await api.call(saveSimplifiedOfferUserConfiguration, { body: next });
      setSettings((current) => (current ? { ...current, version: result.version } : current));
      setProblem(null);
      await queryClient.invalidateQueries({ queryKey: endpointKey(getSimplifiedOfferUserConfiguration) });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      if (error instanceof HttpError && error.status === 409) {
        // Saved meanwhile (another tab): show what is saved now.
        const fresh = await saved.refetch();
        if (fresh.data) setSettings(fresh.data);
      }
    }
  };
  const change = <K extends keyof OfferSettings>(key: K, value: OfferSettings[K]) => {
    if (settings) void save({ ...settings, [key]: value });
  };
  const download = () => {
    if (preview.blob) saveBlob(preview.blob, offerFileName(beleg.belegNumber));
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="lg"
      fullScreen={phone}
      aria-labelledby="simplified-offer-title"
    >
      <DialogTitle id="simplified-offer-title">Vereinfachtes Angebot {beleg.belegNumber}</DialogTitle>
      <DialogContent dividers>
        {saved.error && <Alert severity="error">Ihre Einstellungen konnten nicht geladen werden.</Alert>}
        {!settings && !saved.error && <CircularProgress />}
        {settings && (
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'stretch' }}>
            <Stack spacing={2} sx={{ width: { xs: '100%', md: 300 }, flexShrink: 0 }}>
              <FormGroup>
                {SWITCHES.map(([key, label]) => (
                  <FormControlLabel
                    key={key}
                    label={label}
                    control={
                      <Switch
                        checked={Boolean(settings[key])}
                        onChange={(event) => change(key, event.target.checked)}
                      />
                    }
                  />
                ))}
              </FormGroup>
              {(['introTemplateId', 'closingTemplateId'] as const).map((key) => (
                <TextField
                  key={key}
                  select
                  size="small"
                  label={key === 'introTemplateId' ? 'Einleitung aus Vorlage' : 'Schluss aus Vorlage'}
                  value={settings[key] ?? ''}
                  slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
                  onChange={(event) => change(key, Number(event.target.value) || null)}
                >
                  <MenuItem value="">Standardtext</MenuItem>
                  {templates.map((template) => (
                    <MenuItem key={template.id} value={template.id}>
                      {template.name}
                    </MenuItem>
                  ))}
                </TextField>
              ))}
              <TextField
                label="Grußformel und Unterschrift"
                multiline
                minRows={3}
                size="small"
                placeholder="Mit freundlichen Grüßen …"
                value={settings.signature ?? ''}
                onChange={(event) => setSettings({ ...settings, signature: event.target.value })}
                onBlur={() => void save(settings)}
                helperText="Leer: „Mit freundlichen Grüßen“, Ihr Name und die Firma."
              />
              <Typography variant="caption" color="text.secondary">
                Ihre Einstellungen werden bei jeder Änderung für Sie gespeichert. Eigene Texte je Position
                bearbeiten Sie in der Positionsliste („Eigener Text“).
              </Typography>
              {problem && <Alert severity="error">{problem}</Alert>}
            </Stack>
            <Box sx={{ flex: 1, minWidth: 0, position: 'relative' }}>
              {preview.error && (
                <Alert severity="error">
                  {preview.error instanceof Error
                    ? preview.error.message
                    : 'Die Vorschau ist fehlgeschlagen.'}
                </Alert>
              )}
              {preview.isFetching && (
                <CircularProgress size={24} sx={{ position: 'absolute', top: 8, right: 8 }} />
              )}
              {preview.blob && preview.url && (
                <>
                  <Box
                    sx={{
                      height: phone ? 'auto' : '72vh',
                      overflowY: 'auto',
                      backgroundColor: 'grey.200',
                      p: { xs: 0.5, sm: 1.5 },
                    }}
                  >
                    <PdfPages pdf={preview.blob} label="Vorschau des vereinfachten Angebots" />
                  </Box>
                  <Link href={preview.url} target="_blank" rel="noopener" variant="body2">
                    Vorschau in neuem Tab öffnen
                  </Link>
                </>
              )}
            </Box>
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>Schließen</Button>
        <Button startIcon={<DownloadIcon />} onClick={download} disabled={!preview.blob}>
          Herunterladen
        </Button>
        <Button
          variant="contained"
          startIcon={<MailIcon />}
          onClick={() => setMailing(true)}
          disabled={!settings}
        >
          Per E-Mail senden
        </Button>
      </DialogActions>
      {mailing && (
        <Suspense fallback={null}>
          <MailDialog
            customer={customer}
            vorgang={vorgangId}
            attachment={{ simplifiedOfferBelegId: beleg.id, fileName: offerFileName(beleg.belegNumber) }}
            onClose={() => setMailing(false)}
            onSent={() => {
              void queryClient.invalidateQueries({ queryKey: timelineKey(customer.id) });
              notify('Das Angebot wird per E-Mail gesendet (Postausgang).', { type: 'info' });
            }}
          />
        </Suspense>
      )}
    </Dialog>
  );
}
