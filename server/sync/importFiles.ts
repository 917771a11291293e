import { belege, positions } from './belegFiles';
import type { ImportFile } from './importFile';
import { articles, customers } from './masterDataFiles';

/** The import files in the order they are read: what a row refers to is read before the row. */
export const IMPORT_FILES: readonly ImportFile[] = [articles, customers, belege, positions];
