/** About 2 megapixels: enough to read a window's frame and a note on a plan, small enough for a weak line. */
export const PHOTO_MAX_PIXELS = 2_000_000;
const JPEG_QUALITY = 0.82;

/** The width and height of a picture of `width` × `height` scaled to at most `maxPixels`, proportions kept. */
export function scaledSize(width: number, height: number, maxPixels = PHOTO_MAX_PIXELS) {
  const factor = Math.min(1, Math.sqrt(maxPixels / (width * height)));
  return { width: Math.max(1, Math.floor(width * factor)), height: Math.max(1, Math.floor(height * factor)) };
}

/**
 * A camera photo made small on the device before it is sent: drawn at about 2 megapixels (the orientation
 * the camera recorded applied) and saved as JPEG. A 12 MB photo becomes some 300–600 kB, which a 1.6 Mbit/s
 * line carries in a few seconds. Anything that is not a picture the browser can decode is sent as it is.
 */
export async function scalePhoto(file: File, maxPixels = PHOTO_MAX_PIXELS): Promise<File> {
  if (!file.type.startsWith('image/') || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
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
