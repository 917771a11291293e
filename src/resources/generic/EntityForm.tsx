import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { Box, Button, Stack, Typography } from '@mui/material';
import {
  DeleteButton,
  SaveButton,
  SimpleForm,
  Toolbar,
  useNotify,
  useRedirect,
  useRecordContext,
  useResourceContext,
  type RaRecord,
} from 'react-admin';
import type { EntityDeclaration } from '../entity';
import { entitySchema, requiredSources } from '../entitySchema';
import { FieldInput } from './FieldInput';
import { ReportFormDirty } from '../../layout/ReportFormDirty';
import { RecordBreadcrumb } from './RecordBreadcrumb';
import { CountryFollowsBranch } from './CountryFollowsBranch';
import { useSchemaResolver } from './useSchemaResolver';

interface DeleteNotice extends RaRecord {
  notice?: string;
  deactivated?: boolean;
}

function EntityToolbar({
  canDelete,
  onCancel,
  inDialog,
}: {
  canDelete: boolean;
  onCancel?: () => void;
  inDialog: boolean;
}) {
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();
  const record = useRecordContext();
  return (
    // On the paper, not react-admin's grey bar: the red 'Löschen' keeps a readable contrast (axe, WCAG AA).
    <Toolbar
      sx={{
        justifyContent: 'space-between',
        backgroundColor: 'background.paper',
        // On a phone react-admin pins the bar to the window's bottom; in a dialog that left it apart from the
        // dialog, under the page. There it stays at the dialog's own bottom edge while the fields scroll.
        ...(inDialog && { '&.RaToolbar-mobileToolbar': { position: 'sticky', bottom: 0 } }),
      }}
    >
      <Stack direction="row" spacing={1}>
        {/* A new record may be saved as it opens (a call logged with its preset Art and time); what is missing
            is then said at its field. An edit stays disabled until something changed. */}
        <SaveButton alwaysEnable={record?.id === undefined} />
        {/* In a dialog the way out without saving is a button too, not only Escape or a click beside it. */}
        {onCancel && <Button onClick={onCancel}>Abbrechen</Button>}
      </Stack>
      {canDelete && (
        <DeleteButton
          mutationMode="pessimistic"
          mutationOptions={{
            // A row still in use is deactivated by the server: say so instead of "deleted".
            onSuccess: (data: DeleteNotice) => {
              notify(data.notice ?? 'crm.deleted', { type: data.deactivated ? 'warning' : 'info' });
              redirect('list', resource);
            },
          }}
        />
      )}
    </Toolbar>
  );
}

/** Renders its children only while another field of the form has the given value. */
function ShownWhen({ source, equals, children }: { source: string; equals: string; children: ReactNode }) {
  return useWatch({ name: source }) === equals ? children : null;
}

/** The heading of a form section (Person/Firma, Adresse …). */
function SectionHeading({ title }: { title: string }) {
  return (
    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mt: 2, mb: 0.5 }}>
      {title}
    </Typography>
  );
}

/** The generated form of an entity: its inputs, validated with its yup schema; `children` go first, `after` last. */
export function EntityForm({
  entity,
  canDelete,
  children,
  after,
  inDialog = false,
  onCancel,
  onDirtyChange,
  fieldNotes = {},
}: {
  entity: EntityDeclaration;
  canDelete: boolean;
  /** In a dialog over another record's page: that page keeps its breadcrumb. */
  inDialog?: boolean;
  /** Shows "Abbrechen" beside "Speichern" (dialogs). */
  onCancel?: () => void;
  /** A dialog's useUnsavedChangesGuard learns here whether anything was typed. */
  onDirtyChange?: (dirty: boolean) => void;
  children?: ReactNode;
  /** Shown below the inputs (a tester or preview that works on what was typed). */
  after?: ReactNode;
  /** Shown right below one field's input, by its source (a warning that needs more than the field's value). */
  fieldNotes?: Partial<Record<string, ReactNode>>;
}) {
  const required = requiredSources(entity);
  const schema = entitySchema(entity);
  // The server validates with the same context (platform/entities/addressContext.ts).
  const { resolver, context } = useSchemaResolver(schema);
  const record = useRecordContext();
  const hasField = (source: string) => entity.fields.some((field) => field.source === source);
  return (
    <SimpleForm
      resolver={resolver}
      defaultValues={schema.getDefault({ context }) as Record<string, unknown>}
      toolbar={<EntityToolbar canDelete={canDelete} onCancel={onCancel} inDialog={inDialog} />}
      sx={{ maxWidth: 720 }}
      // On a page, react-admin asks before typed input is left behind (menu, link, reload); a dialog asks
      // through its own useUnsavedChangesGuard, which also covers Escape and Abbrechen.
      warnWhenUnsavedChanges={!inDialog}
    >
      {onDirtyChange && <ReportFormDirty onChange={onDirtyChange} />}
      {record?.id === undefined && hasField('country') && hasField('branchId') && <CountryFollowsBranch />}
      {!inDialog && <RecordBreadcrumb entity={entity} />}
      {children}
      {entity.fields
        .filter((field) => field.inForm !== false)
        .flatMap((field, index, shown) => {
          const input = field.shownWhen ? (
            <ShownWhen key={field.source} {...field.shownWhen}>
              <FieldInput field={field} required={required.has(field.source)} />
            </ShownWhen>
          ) : (
            <FieldInput key={field.source} field={field} required={required.has(field.source)} />
          );
          // A section's heading goes before its first field (the declaration keeps a section's fields together).
          const opensSection = field.section && field.section !== shown[index - 1]?.section;
          const note = fieldNotes[field.source];
          return [
            ...(opensSection
              ? [<SectionHeading key={`section-${field.section}`} title={field.section!} />]
              : []),
            input,
            ...(note ? [<Box key={`note-${field.source}`}>{note}</Box>] : []),
          ];
        })}
      {after}
    </SimpleForm>
  );
}
