import type { useEndpointClient } from '../../api/useEndpoint';
import { uploadActivityFile } from '../files/files.endpoints';
import type { PickedPhoto } from './PhotoPicker';

/**
 * Sends the photos not stored yet to the activity `activityId`, one after the other, each under its own key (a
 * repeat stores it once). Every photo is tried: what failed keeps its German reason, what went is marked stored.
 */
export async function sendActivityPhotos(
  api: ReturnType<typeof useEndpointClient>,
  activityId: number,
  photos: readonly PickedPhoto[],
  onProgress: (sent: number, of: number) => void = () => {},
): Promise<PickedPhoto[]> {
  const result: PickedPhoto[] = [];
  const open = photos.filter((photo) => !photo.stored).length;
  let sent = 0;
  for (const photo of photos) {
    if (photo.stored) {
      result.push(photo);
      continue;
    }
    onProgress(++sent, open);
    try {
      await api.upload(
        uploadActivityFile,
        { params: { id: activityId }, idempotencyKey: photo.key },
        photo.file,
      );
      result.push({ ...photo, stored: true, problem: undefined });
    } catch (error) {
      result.push({ ...photo, problem: error instanceof Error ? error.message : 'Nicht gesendet.' });
    }
  }
  return result;
}
