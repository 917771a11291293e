import { useEffect } from 'react';
import { useGetIdentity } from 'react-admin';
import { rememberOpened, type OpenedRecord } from './openedRecords';

export { MOST_KEPT, recentlyOpened, rememberOpened, type OpenedRecord } from './openedRecords';

/** Remembers that the signed-in person opened this customer or Vorgang (once its title is known). */
export function useRememberOpened(kind: OpenedRecord['kind'], id: number, title: string | undefined) {
  const { identity } = useGetIdentity();
  const accountId = identity?.id === undefined ? undefined : String(identity.id);
  useEffect(() => {
    if (accountId && title && Number.isInteger(id)) {
      rememberOpened(accountId, { kind, id, title, at: new Date().toISOString() });
    }
  }, [accountId, kind, id, title]);
}
