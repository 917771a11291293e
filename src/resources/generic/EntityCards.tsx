import { Box, Card, CardActionArea, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import {
  LinkBase,
  RecordContextProvider,
  useCreatePath,
  useListContext,
  useResourceContext,
  type RaRecord,
} from 'react-admin';
import { useNoteFirstScreenDrawn } from '../kit/useNoteFirstScreenDrawn';
import type { FieldDeclaration } from '../entity';
import { CellValue } from './EntityCell';
import { ListCellContext, referencedIn } from './listCellContext';
import { listTableSx } from './listTableSx';

/** How many fields a card shows under its title: the columns a seller looks at first. */
const CARD_FIELDS = 3;

/**
 * A generated list on a phone: one card per record (its first column as the title, the next few as
 * "Name: Wert" lines) that opens the record, as the Kunden and Vorgänge lists show theirs; a table would be
 * wider than the screen. Names of referenced records come with the page, as for the table.
 */
export function EntityCards({
  fields,
  rowClick,
}: {
  fields: readonly FieldDeclaration[];
  rowClick: 'edit' | 'show';
}) {
  const { data = [], isPending, meta } = useListContext<RaRecord>();
  useNoteFirstScreenDrawn(!isPending);
  const resource = useResourceContext();
  const createPath = useCreatePath();
  const included = (meta as { included?: Record<string, RaRecord[]> } | undefined)?.included;
  const cells = useMemo(
    () => ({ hidden: new Set<string>(), referenced: referencedIn(included) }),
    [included],
  );
  if (isPending) return null;
  if (!data.length) return <Typography sx={{ p: 2 }}>Keine Einträge gefunden.</Typography>;
  const [title, ...details] = fields;
  return (
    <ListCellContext.Provider value={cells}>
      <Box sx={{ p: 1 }}>
        <Stack spacing={1} sx={listTableSx}>
          {data.map((record) => (
            <RecordContextProvider key={record.id} value={record}>
              <Card variant="outlined">
                <CardActionArea
                  component={LinkBase}
                  to={createPath({ resource, id: record.id, type: rowClick })}
                  sx={{ p: 1.5, minWidth: 0 }}
                >
                  {title && (
                    <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      <CellValue field={title} />
                    </Typography>
                  )}
                  {details.slice(0, CARD_FIELDS).map((field) => (
                    <Box
                      key={field.source}
                      sx={{ display: 'flex', gap: 1, typography: 'body2', minWidth: 0 }}
                    >
                      <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
                        {field.label}:
                      </Typography>
                      <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                        <CellValue field={field} />
                      </Box>
                    </Box>
                  ))}
                </CardActionArea>
              </Card>
            </RecordContextProvider>
          ))}
        </Stack>
      </Box>
    </ListCellContext.Provider>
  );
}
