import { useContext } from 'react';
import { EditContext, ShowContext, useResourceContext } from 'react-admin';
import { NotFoundPage } from '../../layout/NotFoundPage';

/** react-admin's getOne failed (404 for an unknown id, 400 for a mistyped one): the API's message and the way back. */
function RecordNotFound() {
  const resource = useResourceContext();
  const show = useContext(ShowContext);
  const edit = useContext(EditContext);
  const error = (show ?? edit)?.error;
  const message = error instanceof Error ? error.message : 'Der Datensatz wurde nicht gefunden.';
  return <NotFoundPage message={message} backTo={`/crm/${resource ?? ''}`} error={error} />;
}

const silent = () => undefined;

/**
 * The props every detail screen's `<Show>`, `<Edit>`, `<ShowBase>` or `<EditBase>` loads its record with: when
 * getOne fails, NotFoundPage in place of the record (react-admin's default is a toast "not found" and a jump to
 * the list, which loses the id the person typed and the API's reason). No retries for such an answer: the
 * QueryClient's (CrmApp) `retry` leaves 4xx alone.
 */
export const RECORD_NOT_FOUND = {
  error: <RecordNotFound />,
  redirectOnError: false,
  queryOptions: { onError: silent },
} as const;
