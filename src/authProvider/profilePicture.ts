import type { Session } from './session';

const GRAPH_PHOTO = 'https://graph.microsoft.com/v1.0/me/photo/$value';
const pictures = new Map<string, Promise<string | undefined>>();

/** The signed-in user's photo from Microsoft Graph as an object URL, fetched once per user. */
export function profilePicture(session: Session): Promise<string | undefined> {
  const account = session.account;
  if (!account) return Promise.resolve(undefined);
  let picture = pictures.get(account.homeAccountId);
  if (!picture) {
    picture = (async () => {
      const token = await session.graphToken();
      if (!token) return undefined;
      const response = await fetch(GRAPH_PHOTO, { headers: { Authorization: `Bearer ${token}` } });
      // 404: the person has no photo; the default avatar is shown.
      if (!response.ok) return undefined;
      return URL.createObjectURL(await response.blob());
    })().catch((error: unknown) => {
      console.warn('Profilbild konnte nicht geladen werden', error);
      return undefined;
    });
    pictures.set(account.homeAccountId, picture);
  }
  return picture;
}
