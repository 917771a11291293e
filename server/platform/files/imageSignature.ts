import { extensionOf } from '../../../src/resources/files/allowedFiles.rules';

// What the first bytes of a picture file are, per type: a file stored and served as an image must be one (an .exe
// renamed .jpg was stored and sent back as image/jpeg). Only the pictures are checked: office files and the like
// are downloads, never shown in the page.

/** How many bytes the check needs to see. */
export const SIGNATURE_BYTES = 12;

const startsWith = (head: Buffer, bytes: number[], at = 0) => bytes.every((byte, i) => head[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The brands an HEIC/HEIF file names in its `ftyp` box (ISO base media file). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif']);

const SIGNATURES: Record<string, { name: string; matches: (head: Buffer) => boolean }> = {
  jpg: { name: 'JPEG', matches: (head) => startsWith(head, [0xff, 0xd8, 0xff]) },
  jpeg: { name: 'JPEG', matches: (head) => startsWith(head, [0xff, 0xd8, 0xff]) },
  png: { name: 'PNG', matches: (head) => startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  gif: {
    name: 'GIF',
    matches: (head) => startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a')),
  },
  webp: {
    name: 'WebP',
    matches: (head) => startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8),
  },
  heic: {
    name: 'HEIC',
    matches: (head) =>
      startsWith(head, ascii('ftyp'), 4) && HEIF_BRANDS.has(head.subarray(8, 12).toString('latin1')),
  },
};

/**
 * The German reason a file named `name` is refused when its first bytes (`head`, at least SIGNATURE_BYTES of
 * them or the whole file) are not a picture of the type its name says; null when they are, or it is no picture.
 */
export function imageSignatureProblem(name: string, head: Buffer): string | null {
  const signature = SIGNATURES[extensionOf(name)];
  if (!signature || signature.matches(head)) return null;
  return `Die Datei „${name}“ ist kein Bild im Format ${signature.name}: ihr Inhalt passt nicht zur Endung. Bitte wählen Sie ein Foto aus.`;
}
