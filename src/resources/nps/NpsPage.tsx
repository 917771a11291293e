import AddIcon from '@mui/icons-material/Add';
import SendIcon from '@mui/icons-material/Send';
import { Box, Button, Card, CardContent, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { Title } from 'react-admin';
import { useEndpointClient } from '../../api/useEndpoint';
import { companyToday } from '../../config/companyTime';
import { ExcelExportButton } from '../kit/ExcelExportButton';
import { exportNpsAnswers } from './nps.endpoints';
import { NpsAnswerDialog } from './NpsAnswerDialog';
import { NpsAnswerList, type NpsListView } from './NpsAnswerList';
import { NpsFilterBar } from './NpsFilterBar';
import { NpsStatisticsView } from './NpsStatisticsView';
import { SurveyDialog } from './SurveyDialog';
import { useNpsFilter } from './useNpsFilter';

type DialogState = { kind: 'answer'; id: number | null } | { kind: 'survey' } | null;

/** /crm/nps (APP_NPS, checked by the route: index.ts): the answers and the statistics under one set of filters; capture, survey, export. */
export default function NpsPage() {
  const { params, state, setState, changeParams, query, zone } = useNpsFilter();
  const tab = params.get('ansicht') === 'statistik' ? 'statistik' : 'antworten';
  const [view, setView] = useState<NpsListView>({ sort: 'answeredAt', order: 'DESC', page: 0, perPage: 25 });
  const [dialog, setDialog] = useState<DialogState>(null);
  const api = useEndpointClient();

  return (
    <Box sx={{ py: 2 }}>
      <Title title="NPS" />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Typography variant="h5" component="h1">
          NPS – Kundenzufriedenheit
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setDialog({ kind: 'answer', id: null })}
          >
            Antwort erfassen
          </Button>
          <Button variant="outlined" startIcon={<SendIcon />} onClick={() => setDialog({ kind: 'survey' })}>
            Umfrage senden
          </Button>
          <ExcelExportButton
            download={() =>
              api.download(exportNpsAnswers, { query: { ...query, sort: view.sort, order: view.order } })
            }
            fileName={`NPS_${companyToday(zone)}.xlsx`}
          />
        </Stack>
      </Stack>
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <NpsFilterBar
            value={state}
            onChange={(next) => {
              setState(next);
              setView((current) => ({ ...current, page: 0 }));
            }}
          />
        </CardContent>
      </Card>
      <Tabs
        value={tab}
        onChange={(_event, next: string) =>
          // the tab changes, the filters in the address stay
          changeParams((current) => {
            const kept = new URLSearchParams(current);
            if (next === 'statistik') kept.set('ansicht', 'statistik');
            else kept.delete('ansicht');
            return kept;
          })
        }
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="antworten" label="Antworten" />
        <Tab value="statistik" label="Statistik" />
      </Tabs>
      {tab === 'antworten' ? (
        <NpsAnswerList
          query={query}
          view={view}
          onView={setView}
          onEdit={(id) => setDialog({ kind: 'answer', id })}
          zone={zone}
        />
      ) : (
        <NpsStatisticsView query={query} zone={zone} />
      )}
      {dialog?.kind === 'answer' && (
        <NpsAnswerDialog
          key={dialog.id ?? 'new'}
          id={dialog.id}
          zone={zone}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'survey' && <SurveyDialog onClose={() => setDialog(null)} />}
    </Box>
  );
}
