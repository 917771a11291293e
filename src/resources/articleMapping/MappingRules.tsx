import AddIcon from '@mui/icons-material/Add';
import {
  Box,
  Button,
  Divider,
  Link as MuiLink,
  List,
  ListItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useCreate, useCreatePath, useGetList, useNotify, useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';
import articleMappingAlias from './articleMappingAlias.entity';
import { PatternMatches } from './ArticlePatternTester';

/** How many matching article numbers each rule shows (the count is always whole). */
const SHOWN = 12;

/**
 * On an Artikel-Mapping's page: the rules that feed it (its Mapping-Aliase), each pattern linked to its own page
 * and tested against the articles, and a field to test a new pattern and add it to this mapping.
 */
export function MappingRules() {
  const mapping = useRecordContext();
  const createPath = useCreatePath();
  const {
    data: rules = [],
    isPending,
    refetch,
  } = useGetList(
    articleMappingAlias.name,
    {
      filter: { mappingId: mapping?.id },
      sort: { field: 'pattern', order: 'ASC' },
      pagination: { page: 1, perPage: 100 },
    },
    { enabled: mapping !== undefined },
  );
  if (!mapping) return null;
  return (
    <Box component="section" aria-labelledby="mapping-rules-title" sx={{ width: '100%', mb: 2 }}>
      <Divider sx={{ mb: 2 }} />
      <Typography id="mapping-rules-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Muster (Mapping-Aliase)
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Artikel, deren Nummer zu einem dieser Muster passt, zählen zu diesem Mapping.
      </Typography>
      {!isPending && !rules.length && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          Noch kein Muster: Diesem Mapping ist kein Artikel zugeordnet.
        </Typography>
      )}
      {rules.length > 0 && (
        <List aria-label="Muster dieses Mappings" disablePadding>
          {rules.map((rule) => (
            <ListItem key={rule.id} disableGutters sx={{ display: 'block', py: 1 }}>
              <MuiLink
                component={Link}
                to={createPath({ resource: articleMappingAlias.name, type: 'edit', id: rule.id })}
                sx={{ fontFamily: 'monospace', fontSize: '1rem', overflowWrap: 'anywhere' }}
              >
                {String(rule.pattern)}
              </MuiLink>
              <Box sx={{ mt: 0.5 }}>
                <PatternMatches pattern={String(rule.pattern)} shown={SHOWN} />
              </Box>
            </ListItem>
          ))}
        </List>
      )}
      <NewRule mappingId={Number(mapping.id)} onAdded={() => void refetch()} />
    </Box>
  );
}

/** A pattern tested while it is typed, added to the mapping as one more Mapping-Alias. */
function NewRule({ mappingId, onAdded }: { mappingId: number; onAdded: () => void }) {
  const [pattern, setPattern] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [create, { isPending }] = useCreate();
  const notify = useNotify();
  const add = () =>
    create(
      articleMappingAlias.name,
      { data: { mappingId, pattern: pattern.trim() } },
      {
        onSuccess: () => {
          notify(`Muster „${pattern.trim()}“ hinzugefügt.`, { type: 'info' });
          setPattern('');
          setProblem(null);
          onAdded();
        },
        onError: (error) => {
          const errors = (error as { body?: { errors?: Record<string, string> } }).body?.errors;
          setProblem(errors?.pattern ?? (error instanceof Error ? error.message : String(error)));
        },
      },
    );
  return (
    <Box sx={{ mt: 1 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          size="small"
          label="Neues Muster testen"
          placeholder="z. B. ^(KF|HA)-"
          value={pattern}
          onChange={(event) => {
            setPattern(event.target.value);
            setProblem(null);
          }}
          // Enter adds the pattern; it must not save the mapping's form around it.
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            if (pattern.trim()) add();
          }}
          error={Boolean(problem)}
          helperText={problem ?? ' '}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          sx={{ flex: 1, maxWidth: 420 }}
        />
        <Button
          type="button"
          variant="outlined"
          startIcon={<AddIcon />}
          disabled={!pattern.trim() || isPending}
          onClick={add}
        >
          Muster hinzufügen
        </Button>
      </Stack>
      {pattern.trim() && (
        // On a phone the button stands below the field: the result keeps its distance from it.
        <Box component="section" aria-label="Mustertest" aria-live="polite" sx={{ mt: { xs: 1.5, sm: 0 } }}>
          <PatternMatches pattern={pattern} shown={SHOWN} />
        </Box>
      )}
    </Box>
  );
}
