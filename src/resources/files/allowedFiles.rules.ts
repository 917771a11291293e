/** File types staff may attach to customers and activities, by extension, with the type they are served as. */
export const ALLOWED_FILE_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  txt: 'text/plain',
  csv: 'text/csv',
  eml: 'message/rfc822',
  msg: 'application/vnd.ms-outlook',
  dxf: 'image/vnd.dxf',
  dwg: 'image/vnd.dwg',
};

/** The lower-case extension of a file name ("Plan.PDF" → "pdf"), or "" without one. */
export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** The German reason a file may not be uploaded, or null if it may. */
export function fileProblem(name: string, size: number, maxBytes: number): string | null {
  // Control characters (a NUL byte above all) cannot be stored in PostgreSQL text nor sent in a header.
  if ([...name].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127)) {
    return 'Der Dateiname enthält unzulässige Steuerzeichen.';
  }
  if (!ALLOWED_FILE_TYPES[extensionOf(name)]) {
    return `Dateien vom Typ „${extensionOf(name) || 'ohne Endung'}“ sind nicht erlaubt. Erlaubt sind: ${Object.keys(ALLOWED_FILE_TYPES).join(', ')}.`;
  }
  if (size > maxBytes) return tooLarge(maxBytes);
  return null;
}

export const tooLarge = (maxBytes: number) =>
  `Die Datei ist zu groß: höchstens ${Math.round(maxBytes / 1024 / 1024)} MB sind erlaubt.`;
