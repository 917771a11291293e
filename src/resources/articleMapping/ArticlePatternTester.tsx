import { Alert, Box, Chip, Stack, Typography } from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useEndpoint } from '../../api/useEndpoint';
import { testRegexArticleAlias } from './articleAliases.endpoints';
import { useDebounced } from '../generic/useDebounced';

/** Shows, while the admin types, which article numbers the pattern matches (before it is saved). */
export function ArticlePatternTester() {
  const pattern = (useWatch({ name: 'pattern' }) as string | undefined) ?? '';
  return (
    <Box component="section" aria-label="Mustertest" aria-live="polite" sx={{ width: '100%', mb: 2 }}>
      <Typography variant="subtitle2" gutterBottom>
        Mustertest
      </Typography>
      <PatternMatches pattern={pattern} />
    </Box>
  );
}

/**
 * Which article numbers `pattern` matches (settled for a moment while it is typed): how many, and the first
 * ones as chips (at most `shown`), or why the pattern cannot be used.
 */
export function PatternMatches({ pattern, shown }: { pattern: string; shown?: number }) {
  const debounced = useDebounced(pattern.trim(), 300);
  const { data, error } = useEndpoint(
    testRegexArticleAlias,
    { body: { pattern: debounced } },
    { enabled: debounced !== '', placeholderData: keepPreviousData },
  );
  if (debounced === '') {
    return (
      <Typography variant="body2" color="text.secondary">
        Geben Sie ein Muster ein: hier erscheinen die passenden Artikel.
      </Typography>
    );
  }
  if (error) return <Alert severity="error">Der Mustertest ist gerade nicht möglich.</Alert>;
  if (!data) return null;
  if (!data.valid) return <Alert severity="warning">{data.message}</Alert>;
  const chips = data.matches.slice(0, shown ?? data.matches.length);
  return (
    <>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {data.total === 0
          ? 'Kein Artikel passt zu diesem Muster.'
          : data.total === 1
            ? '1 Artikel passt.'
            : `${data.total.toLocaleString('de-DE')} Artikel passen${data.total > chips.length ? ` (die ersten ${chips.length}):` : ':'}`}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }}>
        {chips.map((article) => (
          <Chip key={article.id} size="small" label={article.articleNumber} title={article.name} />
        ))}
      </Stack>
    </>
  );
}
