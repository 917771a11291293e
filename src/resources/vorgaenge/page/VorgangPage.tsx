import { Box, Card, CardContent, CircularProgress, Stack, Tab, Tabs } from '@mui/material';
import { useParams, useSearchParams } from 'react-router-dom';
import { endpointKey } from '../../../api/endpoint';
import { useEndpoint, useEndpointClient } from '../../../api/useEndpoint';
import { useBreadcrumbLabel } from '../../../layout/BreadcrumbContext';
import { NotFoundPage } from '../../../layout/NotFoundPage';
import { KeptCopyNote } from '../../../offline/kept/KeptCopyNote';
import { FilesPanel } from '../../kit/FilesPanel';
import { getFilesForVorgang, getVorgang, uploadVorgangFile } from '../vorgang.endpoints';
import { useNoteFirstScreenDrawn } from '../../kit/useNoteFirstScreenDrawn';
import { PlanDbCard } from './PlanDbCard';
import { OfferOnlinePanel } from '../../offerOnline/OfferOnlinePanel';
import { VorgangActivities } from './VorgangActivities';
import { VorgangBelege } from './VorgangBelege';
import { VorgangHeader } from './VorgangHeader';
import { VorgangPhoneBar } from './VorgangPhoneBar';
import { VorgangStatusHistory } from './VorgangStatusHistory';
import { VorgangTimeline } from './VorgangTimeline';
import { useRememberOpened } from '../../kit/recentlyOpened';
import { OfferCadenceCard } from '../../automation/OfferCadenceCard';

const TABS = [
  { id: 'belege', label: 'Belege' },
  { id: 'timeline', label: 'Timeline' },
  { id: 'aktivitaeten', label: 'Aktivitäten' },
  { id: 'dateien', label: 'Dateien' },
  { id: 'status', label: 'Statusverlauf' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** The page of one Vorgang (/crm/vorgang/:id, or in the board's dialog): header, Plan-DB and the tabs; the tab is kept in the URL. */
export default function VorgangPage({ vorgangId }: { vorgangId?: number } = {}) {
  const api = useEndpointClient();
  // Over the Kartenansicht (/crm/vorgang/kartenansicht/:id) the board passes the id; here it is the route's.
  const routeId = useParams().id;
  const id = vorgangId ?? Number(routeId);
  const valid = Number.isInteger(id) && id > 0;
  const [search, setSearch] = useSearchParams();
  const tab: TabId = TABS.find((t) => t.id === search.get('tab'))?.id ?? 'belege';
  const { data: vorgang, error, isPending } = useEndpoint(getVorgang, { params: { id } }, { enabled: valid });
  useBreadcrumbLabel(vorgang ? `${vorgang.vorgangNumber} ${vorgang.title}` : undefined);
  useRememberOpened('vorgang', id, vorgang ? `${vorgang.vorgangNumber} · ${vorgang.title}` : undefined);
  useNoteFirstScreenDrawn(Boolean(vorgang));

  if (!valid || error) {
    // The API's message (404 "Der Vorgang wurde nicht gefunden."); an id that is no number is not asked for,
    // and gets the API's text for an unknown one.
    return (
      <NotFoundPage
        message={error?.message ?? 'Der Vorgang wurde nicht gefunden.'}
        backTo="/crm/vorgang"
        error={error}
      />
    );
  }
  if (isPending) return <CircularProgress sx={{ m: 4 }} />;
  const customerId = vorgang.customer.id;
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1400 }}>
      <KeptCopyNote />
      <VorgangHeader vorgang={vorgang} />
      <OfferOnlinePanel vorgangId={id} />
      <OfferCadenceCard vorgang={vorgang} />
      <PlanDbCard vorgangId={id} />
      <Card>
        <Tabs
          value={tab}
          onChange={(_, next: TabId) =>
            // Other parameters stay: shown over the Kartenansicht, the address also holds the board's filters.
            setSearch(
              (previous) => {
                const params = new URLSearchParams(previous);
                params.set('tab', next);
                return params;
              },
              { replace: true },
            )
          }
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Bereiche des Vorgangs"
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {TABS.map((t) => (
            <Tab key={t.id} value={t.id} label={t.label} />
          ))}
        </Tabs>
        <CardContent>
          <Box role="tabpanel" aria-label={TABS.find((t) => t.id === tab)!.label}>
            {tab === 'belege' && <VorgangBelege vorgang={vorgang} />}
            {tab === 'timeline' && <VorgangTimeline vorgangId={id} customerId={customerId} />}
            {tab === 'aktivitaeten' && <VorgangActivities vorgangId={id} customerId={customerId} />}
            {tab === 'dateien' && (
              <FilesPanel
                queryKey={[...endpointKey(getFilesForVorgang), id]}
                load={() => api.call(getFilesForVorgang, { params: { id } })}
                upload={(file, onProgress) =>
                  api.upload(uploadVorgangFile, { params: { id } }, file, onProgress)
                }
              />
            )}
            {tab === 'status' && <VorgangStatusHistory vorgangId={id} />}
          </Box>
        </CardContent>
      </Card>
      {/* Its own page only: over the Kartenansicht the page is a dialog, whose own buttons close it. */}
      {vorgangId === undefined && <VorgangPhoneBar vorgang={vorgang} />}
    </Stack>
  );
}
