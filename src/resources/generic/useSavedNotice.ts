import {
  useNotify,
  useRedirect,
  useResourceContext,
  type RaRecord,
  type RedirectionSideEffect,
} from 'react-admin';
import { recordTitle, type EntityDeclaration } from '../entity';

/**
 * What a form's save says and where it leads: "Kunde „Schwandke, Fiona“ gespeichert" (or "… angelegt"), named
 * by the entity's declaration, instead of react-admin's "Eintrag gespeichert"; then the page `redirect` names.
 * For `mutationOptions` of Create and Edit (react-admin leaves both its notice and its redirect to an onSuccess).
 */
export function useSavedNotice(
  entity: EntityDeclaration,
  done: 'angelegt' | 'gespeichert',
  redirect: RedirectionSideEffect,
) {
  const notify = useNotify();
  const redirectTo = useRedirect();
  const resource = useResourceContext() ?? entity.name;
  return {
    onSuccess: (data: RaRecord) => {
      notify(`${recordTitle(entity, data)} ${done}.`, { type: 'info' });
      redirectTo(redirect, resource, data.id, data);
    },
  };
}
