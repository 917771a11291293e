import { readAzureBlobConfig } from '../config/storageConfig';
import { exportContainer, importContainer } from './blobTransfer';

// Used by scripts/backup.sh and scripts/restore.sh with FILE_STORE=azure, run from the build in the app's
// environment (its AZURE_STORAGE_* settings):
//   node dist-server/server/platform/files/blobTransferCli.js export <folder>   container → folder
//   node dist-server/server/platform/files/blobTransferCli.js import <folder>   folder → empty container
const [command, folder] = process.argv.slice(2);
try {
  const config = readAzureBlobConfig({ ...process.env, FILE_STORE: 'azure' })!;
  if (!folder || (command !== 'export' && command !== 'import')) {
    throw new Error('Aufruf: blobTransferCli.js export|import <Ordner>');
  }
  const count =
    command === 'export' ? await exportContainer(config, folder) : await importContainer(config, folder);
  console.error(
    command === 'export'
      ? `${count} Dateien aus dem Container ${config.container} nach ${folder} kopiert.`
      : `${count} Dateien aus ${folder} in den Container ${config.container} geladen.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
