import { formatNumber } from '../../i18n/format';

/** About 2 megapixels: enough to read a window's frame and a note on a plan, small enough for a weak line. */
export const PHOTO_MAX_PIXELS = 2_000_000;
const JPEG_QUALITY = 0.82;
/**
 * The largest photo sent (the server's default MAX_UPLOAD_MB): what is larger even after scaling is refused when
 * it is picked, not after the Besuch was saved.
 */
export const PHOTO_MAX_BYTES = 20 * 1024 * 1024;

/** The width and height of a picture of `width` × `height` scaled to at most `maxPixels`, proportions kept. */
export function scaledSize(width: number, height: number, maxPixels = PHOTO_MAX_PIXELS) {
  const factor = Math.min(1, Math.sqrt(maxPixels / (width * height)));
  return { width: Math.max(1, Math.floor(width * factor)), height: Math.max(1, Math.floor(height * factor)) };
}

/** A photo ready to be sent, or why it cannot be. */
export type PreparedPhoto = { file: File; problem?: never } | { file?: never; problem: string };

const megabytes = (bytes: number) => `${formatNumber(Math.round((bytes / 1024 / 1024) * 10) / 10)} MB`;

// HEIC (an iPhone's photos) is stored as it is where the browser cannot draw it; the server checks its bytes.
const isHeif = (file: File) => /\.(heic|heif)$/i.test(file.name) || /^image\/hei[cf]$/.test(file.type);

/**
 * A camera photo made small on the device before it is sent: drawn at about 2 megapixels (the orientation the
 * camera recorded applied) and saved as JPEG. A 12 MB photo becomes some 300–600 kB, which a 1.6 Mbit/s line
 * carries in a few seconds. A file that is no picture this browser can open (other than HEIC), or one still too
 * large, is refused here with the reason, so that the seller sees it at once and can pick another.
 */
export async function preparePhoto(file: File, maxPixels = PHOTO_MAX_PIXELS): Promise<PreparedPhoto> {
  const decoded =
    typeof createImageBitmap === 'function'
      ? await createImageBitmap(file, { imageOrientation: 'from-image' }).catch(() => null)
      : null;
  if (!decoded && !isHeif(file))
    return {
      problem: `„${file.name}“ ist kein Foto, das sich öffnen lässt. Bitte wählen Sie ein Bild (JPEG, PNG, HEIC).`,
    };
  const scaled = decoded ? await drawScaled(file, decoded, maxPixels) : file;
  if (scaled.size > PHOTO_MAX_BYTES)
    return {
      problem: `„${file.name}“ ist zu groß (${megabytes(scaled.size)}): höchstens ${megabytes(PHOTO_MAX_BYTES)} je Foto.`,
    };
  return { file: scaled };
}

async function drawScaled(file: File, bitmap: ImageBitmap, maxPixels: number): Promise<File> {
  try {
    const { width, height } = scaledSize(bitmap.width, bitmap.height, maxPixels);
    // Already small and a JPEG: drawing it again would only cost quality.
    if (width === bitmap.width && file.type === 'image/jpeg') return file;
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
    );
    if (!blob) return file;
    const name = file.name.replace(/\.[^.]*$/, '') || 'Foto';
    return new File([blob], `${name}.jpg`, { type: 'image/jpeg', lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
