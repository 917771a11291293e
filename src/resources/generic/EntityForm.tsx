import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import {
  DeleteButton,
  SaveButton,
  SimpleForm,
  Toolbar,
  useNotify,
  useRedirect,
  useResourceContext,
  type RaRecord,
} from 'react-admin';
import type { EntityDeclaration } from '../entity';
import { entitySchema, requiredSources } from '../entitySchema';
import { FieldInput } from './FieldInput';
import { RecordBreadcrumb } from './RecordBreadcrumb';

interface DeleteNotice extends RaRecord {
  notice?: string;
  deactivated?: boolean;
}

function EntityToolbar({ canDelete }: { canDelete: boolean }) {
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();
  return (
    // On the paper, not react-admin's grey bar: the red 'Löschen' keeps a readable contrast (axe, WCAG AA).
    <Toolbar sx={{ justifyContent: 'space-between', backgroundColor: 'background.paper' }}>
      <SaveButton />
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

/** The generated form of an entity: its inputs, validated with its yup schema; `children` go first, `after` last. */
export function EntityForm({
  entity,
  canDelete,
  children,
  after,
  inDialog = false,
}: {
  entity: EntityDeclaration;
  canDelete: boolean;
  /** In a dialog over another record's page: that page keeps its breadcrumb. */
  inDialog?: boolean;
  children?: ReactNode;
  /** Shown below the inputs (a tester or preview that works on what was typed). */
  after?: ReactNode;
}) {
  const required = requiredSources(entity);
  const schema = entitySchema(entity);
  return (
    <SimpleForm
      resolver={yupResolver(schema)}
      defaultValues={schema.getDefault() as Record<string, unknown>}
      toolbar={<EntityToolbar canDelete={canDelete} />}
      sx={{ maxWidth: 720 }}
    >
      {!inDialog && <RecordBreadcrumb entity={entity} />}
      {children}
      {entity.fields
        .filter((field) => field.inForm !== false)
        .map((field) =>
          field.shownWhen ? (
            <ShownWhen key={field.source} {...field.shownWhen}>
              <FieldInput field={field} required={required.has(field.source)} />
            </ShownWhen>
          ) : (
            <FieldInput key={field.source} field={field} required={required.has(field.source)} />
          ),
        )}
      {after}
    </SimpleForm>
  );
}
