import { BlobServiceClient, type ContainerClient } from '@azure/storage-blob';
import { sql } from 'kysely';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionStringOf } from '../../../server/platform/db/database';
import { onFileStoreError, type FileStoreOperation } from '../../../server/platform/files/fileStoreErrors';
import { run } from '../../../scripts/topology/processes';
import { ensureServerBuild } from '../../../scripts/topology/serverBuild';
import { importContainer } from '../../../server/platform/files/blobTransfer';
import { retryPendingDeletes } from '../../../server/platform/files/pendingDeletes';
import { runJobOnce } from '../../support/runJob';
import { startAzurite, type Azurite } from '../../support/azurite';
import { deleteFile, downloadFile, uploadCustomerFile } from '../../../src/resources/files/files.endpoints';
import { getHealthLive, getHealthReady } from '../../../src/resources/shell/shell.endpoints';
import { downloadFrom, uploadTo } from '../../support/fileCalls';
import { createTestApp, resultOf, type TestApp } from '../../support/testApp';

const SELLER = ['APP_KUNDE'];

describe('uploaded files in Azure Blob Storage, shared by every instance', () => {
  let azurite: Azurite;
  let a: TestApp;
  let b: TestApp;
  let container: ContainerClient;
  let customerId: number;

  beforeAll(async () => {
    azurite = await startAzurite();
    a = await createTestApp({ azureBlob: azurite.config });
    // Instance B: its own process state and folder, the same database and the same container.
    b = await createTestApp({ databaseUrl: connectionStringOf(a.db), azureBlob: azurite.config });
    const { rows } = await sql<{ id: number }>`
      INSERT INTO customer (last_name) VALUES ('Dateispeicher') RETURNING id`.execute(a.db);
    customerId = rows[0]!.id;
    container = BlobServiceClient.fromConnectionString(azurite.config.connectionString).getContainerClient(
      azurite.config.container,
    );
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await azurite?.close();
  });

  const blobNames = async () => {
    const names: string[] = [];
    for await (const blob of container.listBlobsFlat()) names.push(blob.name);
    return names;
  };
  const upload = (app: TestApp, name: string, content: Buffer) =>
    uploadTo(app, SELLER, uploadCustomerFile, { params: { id: customerId } }, { name, content });
  const download = (app: TestApp, id: number, groups: string[] | null = SELLER) =>
    downloadFrom(app, groups, downloadFile, { params: { id } });
  const storedNameOf = async (id: number) =>
    (await sql<{ n: string }>`SELECT stored_name AS n FROM stored_file WHERE id = ${id}`.execute(a.db))
      .rows[0]?.n;

  it('an upload through instance A downloads through instance B, with the same authorisation', async () => {
    // Most of the 1 MB limit of the tests: the upload reaches the store in many chunks.
    const content = Buffer.alloc(900 * 1024);
    for (let i = 0; i < content.length; i++) content[i] = (i * 31) % 251;
    const { id } = await resultOf(upload(a, 'Aufmaß Wohnzimmer.pdf', content));

    // In the container under its generated name, nothing in either instance's folder.
    const storedName = await storedNameOf(id);
    expect(await blobNames()).toContain(storedName);
    expect(await readdir(a.filesDir).catch(() => [])).toEqual([]);

    const viaB = await download(b, id);
    expect(viaB.statusCode).toBe(200);
    expect(viaB.rawPayload.equals(content)).toBe(true);
    expect(viaB.headers['content-length']).toBe(String(content.length));
    expect(viaB.headers['content-type']).toBe('application/pdf');
    expect(viaB.headers['content-disposition']).toContain(encodeURIComponent('Aufmaß Wohnzimmer.pdf'));
    expect((await download(b, id, ['APP_DATEIEN'])).statusCode).toBe(403);
    expect((await download(b, id, null)).statusCode).toBe(401);

    // Bytes that are gone from the store: a German 404, not a broken stream.
    await container.deleteBlob(storedName!);
    const gone = await download(a, id);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().result.message).toBe('Die Datei wurde nicht gefunden.');
  });

  it('is not ready while the store refuses the account key, alive all the same, and ready with the right key', async () => {
    const wrongKey = Buffer.from(
      'ein falscher Schlüssel, 64 Bytes lang, wie ein echter ............',
    ).toString('base64');
    const refusing = await createTestApp({
      databaseUrl: connectionStringOf(a.db),
      azureBlob: {
        ...azurite.config,
        connectionString: azurite.config.connectionString.replace(
          /AccountKey=[^;]+/,
          `AccountKey=${wrongKey}`,
        ),
      },
    });
    try {
      const ready = await refusing.callEndpoint(null, getHealthReady);
      expect(ready.status).toBe(503);
      expect(ready.message).toBe('Der Dateispeicher antwortet nicht.');
      // Liveness does not ask the store: an orchestrator must not restart an instance for it.
      expect((await refusing.callEndpoint(null, getHealthLive)).status).toBe(200);
      // What readiness foretold: its uploads fail.
      expect((await upload(refusing, 'Plan.pdf', Buffer.from('%PDF-1.4 Plan'))).status).toBe(503);
    } finally {
      await refusing.close();
    }
    expect((await resultOf(a.callEndpoint(null, getHealthReady))).files).toBe('ok');
  });

  it('is in the backup (scripts/backup.sh) and restored into an empty container (restore.sh), never into a full one', async () => {
    await ensureServerBuild();
    const content = Buffer.from('%PDF-1.4 Sicherung im Container');
    const uploaded = await resultOf(upload(a, 'Sicherung.pdf', content));
    const storedName = (await storedNameOf(uploaded.id))!;
    const dir = await mkdtemp(path.join(tmpdir(), 'fenster-crm-blob-backup-'));
    try {
      // The database's part is the topology test's; here pg_dump, psql and pg_restore stand in.
      const bin = path.join(dir, 'bin');
      await mkdir(bin);
      await writeFile(path.join(bin, 'pg_dump'), '#!/bin/sh\nprintf PGDMP\n', { mode: 0o755 });
      await writeFile(path.join(bin, 'psql'), '#!/bin/sh\necho 0\n', { mode: 0o755 });
      await writeFile(path.join(bin, 'pg_restore'), '#!/bin/sh\ncat > /dev/null\n', { mode: 0o755 });
      const env = {
        ...process.env,
        PG_BIN: bin,
        DATABASE_URL: 'postgres://stellvertreter/fenster_crm',
        DATA_DIR: path.join(dir, 'daten'),
        FILE_STORE: 'azure',
        AZURE_STORAGE_CONNECTION_STRING: azurite.config.connectionString,
        AZURE_STORAGE_CONTAINER: azurite.config.container,
      };
      await run('scripts/backup.sh', [], { env: { ...env, BACKUP_DIR: path.join(dir, 'sicherungen') } });
      const [backup] = await readdir(path.join(dir, 'sicherungen'));
      const backupPath = path.join(dir, 'sicherungen', backup!);
      const archived = await run('tar', ['-tf', path.join(backupPath, 'files.tar')]);
      expect(
        archived
          .split('\n')
          .filter((name) => name && name !== './')
          .sort(),
      ).toEqual((await blobNames()).map((name) => `./${name}`).sort());

      await run('scripts/restore.sh', [backupPath], {
        env: {
          ...env,
          DATA_DIR: path.join(dir, 'neu'),
          AZURE_STORAGE_CONTAINER: 'fenster-crm-wiederhergestellt',
        },
      });
      const restored = BlobServiceClient.fromConnectionString(
        azurite.config.connectionString,
      ).getContainerClient('fenster-crm-wiederhergestellt');
      expect(await restored.getBlobClient(storedName).downloadToBuffer()).toEqual(content);
      // A restore never mixes with what a container already holds.
      await expect(
        importContainer({ ...azurite.config, container: 'fenster-crm-wiederhergestellt' }, dir),
      ).rejects.toThrow('Der Container fenster-crm-wiederhergestellt ist nicht leer');
      await restored.delete();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('keeps the size limit and the type check, and leaves no blob behind a refused upload', async () => {
    const before = await blobNames();
    const big = await upload(a, 'plan.pdf', Buffer.alloc(1024 * 1024 + 10, 1));
    expect(big.status).toBe(400);
    expect(big.message).toBe('Die Datei ist zu groß: höchstens 1 MB sind erlaubt.');
    expect((await upload(a, 'rechnung.exe', Buffer.from('MZ'))).status).toBe(400);
    expect(await blobNames()).toEqual(before);
  });

  it('loses no delete while the store is away: the retry job deletes the blob once it is back', async () => {
    const { id } = await resultOf(upload(a, 'Angebot.pdf', Buffer.from('%PDF-1.4 Angebot')));
    const { id: keptId } = await resultOf(upload(a, 'Auftrag.pdf', Buffer.from('%PDF-1.4 Auftrag')));
    const storedName = (await storedNameOf(id))!;
    const failures: FileStoreOperation[] = [];
    const stopListening = onFileStoreError((operation) => failures.push(operation));

    await azurite.stop();
    try {
      // The file is gone for everyone at once; only its bytes wait for the store.
      const deleted = await b.callEndpoint(SELLER, deleteFile, { params: { id } });
      expect(deleted.status).toBe(200);
      expect(await storedNameOf(id)).toBeUndefined();
      const pending = await sql<{ attempts: number }>`
        SELECT attempts FROM file_store_pending_delete WHERE stored_name = ${storedName}`.execute(a.db);
      expect(pending.rows).toEqual([{ attempts: 1 }]);
      expect(failures).toContain('delete');

      // While it is away, uploads and downloads say so in German instead of failing with 500.
      const refused = await upload(a, 'Skizze.pdf', Buffer.from('%PDF-1.4 Skizze'));
      expect(refused.status).toBe(503);
      expect(refused.message).toMatch(/Dateispeicher ist gerade nicht erreichbar/);
      expect((await download(b, keptId)).statusCode).toBe(503);
      // A run while the store is still away keeps the mark.
      expect(await runJobOnce(retryPendingDeletes, a.app)).toBe(0);
    } finally {
      stopListening();
      await azurite.start();
    }

    // The blob outlived the stop (the delete really did not happen) ...
    expect(await blobNames()).toContain(storedName);
    // ... and the job, on whichever instance the library hands it to, deletes it now.
    expect(await runJobOnce(retryPendingDeletes, b.app)).toBe(1);
    expect(await blobNames()).not.toContain(storedName);
    const left = await sql`SELECT 1 FROM file_store_pending_delete`.execute(a.db);
    expect(left.rows).toEqual([]);
  });
});
