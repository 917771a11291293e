/** The longest name of a file or folder in the Dateien area (NTFS and SharePoint allow a little more). */
export const MAX_ITEM_NAME = 200;

// Characters Windows, SharePoint or a path would misread; control characters include NUL.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f/\\:*?"<>|]/;

/**
 * The German reason a file or folder name is refused, or null: no path separators, no "." or "..",
 * no NUL or other control characters, no leading dot (hidden), not blank, at most 200 characters.
 */
export function itemNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Bitte geben Sie einen Namen ein.';
  if (trimmed.length > MAX_ITEM_NAME) return `Der Name darf höchstens ${MAX_ITEM_NAME} Zeichen lang sein.`;
  if (FORBIDDEN.test(trimmed)) {
    return 'Der Name darf keine Steuerzeichen und keines dieser Zeichen enthalten: / \\ : * ? " < > |';
  }
  if (trimmed.startsWith('.')) return 'Der Name darf nicht mit einem Punkt beginnen.';
  if (trimmed.endsWith('.')) return 'Der Name darf nicht mit einem Punkt enden.';
  return null;
}
