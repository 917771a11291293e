import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackFileDownload, usageReport } from '../../../src/resources/analytics/analytics.endpoints';
import {
  createDownloadFolder,
  deleteDownloadItem,
  downloadItemFile,
  getSubItemsOfFolder,
  renameDownloadItem,
  rootContent,
  searchDownloads,
  uploadDownloadFile,
  type FolderContent,
} from '../../../src/resources/downloads/downloads.endpoints';
import { createTestApp, resultOf, type TestApp } from '../../support/testApp';
import { downloadFrom, uploadTo } from '../../support/fileCalls';

const READER = ['APP_DATEIEN'];
const ADMIN = ['APP_DATEIEN', 'APP_ADMIN'];
const PRICE_LIST = Buffer.from('%PDF-1.4 Preisliste 2026 – Fenster und Türen');

describe('Dateien: browse, search, download, manage', () => {
  let t: TestApp;
  const rootOf = (groups: string[]) => resultOf(t.callEndpoint(groups, rootContent));
  const folderOf = (groups: string[], id: number) =>
    resultOf(t.callEndpoint(groups, getSubItemsOfFolder, { params: { id } }));
  const itemNamed = (content: FolderContent, name: string) => {
    const item = content.items.find((i) => i.name === name);
    expect(item, `${name} in ${content.items.map((i) => i.name).join(', ')}`).toBeDefined();
    return item!;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await mkdir(path.join(t.downloadsDir, 'Preislisten', '2026'), { recursive: true });
    await mkdir(path.join(t.downloadsDir, 'Formulare'), { recursive: true });
    await writeFile(path.join(t.downloadsDir, 'Preislisten', 'Preisliste Türen.pdf'), PRICE_LIST);
    await writeFile(path.join(t.downloadsDir, 'Preislisten', 'aktuell.txt'), 'Stand 2026');
    await writeFile(path.join(t.downloadsDir, 'Formulare', 'Bestellformular.pdf'), '%PDF-1.4 Formular');
    await writeFile(path.join(t.downloadsDir, 'Übersicht.txt'), 'Hallo');
    await writeFile(path.join(t.downloadsDir, '.versteckt'), 'nicht zeigen');
  });
  afterAll(() => t.close());

  it('lists the top folder: folders first, then files, by name, hidden files left out', async () => {
    const root = await rootOf(READER);
    expect(root.items.map((i) => i.name)).toEqual(['Formulare', 'Preislisten', 'Übersicht.txt']);
    expect(root.folder.name).toBe('Dateien');
    expect(root.breadcrumbs).toEqual([root.folder]);
    expect(root.canManage).toBe(false);
    expect(itemNamed(root, 'Übersicht.txt')).toMatchObject({
      isFolder: false,
      size: 5,
      mimeType: 'text/plain',
    });
    expect(itemNamed(root, 'Formulare')).toMatchObject({ isFolder: true, size: null, fileId: null });
    // The same ids on the next call: the client may keep them.
    const again = await rootOf(READER);
    expect(again.items.map((i) => i.id)).toEqual(root.items.map((i) => i.id));
    expect((await rootOf(ADMIN)).canManage).toBe(true);
  });

  it('opens a folder with breadcrumbs and downloads a file with its original name, counted in the statistics', async () => {
    const root = await rootOf(READER);
    const folder = await folderOf(READER, itemNamed(root, 'Preislisten').id);
    expect(folder.breadcrumbs.map((c) => c.name)).toEqual(['Dateien', 'Preislisten']);
    expect(folder.items.map((i) => i.name)).toEqual(['2026', 'aktuell.txt', 'Preisliste Türen.pdf']);
    const file = itemNamed(folder, 'Preisliste Türen.pdf');
    const download = await downloadFrom(t, READER, downloadItemFile, { params: { id: file.id } });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PRICE_LIST)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Preisliste T_ren.pdf"; filename*=UTF-8''${encodeURIComponent('Preisliste Türen.pdf')}`,
    );

    const tracked = await t.callEndpoint(READER, trackFileDownload, { params: { id: file.fileId! } });
    expect(tracked.status).toBe(200);
    const report = await resultOf(t.callEndpoint(['APP_ADMIN'], usageReport, { query: { days: 2 } }));
    expect(report.topDownloads).toContainEqual(
      expect.objectContaining({ name: 'Preisliste Türen.pdf', downloads: 1 }),
    );
  });

  it('searches names in every folder and says where each hit lies', async () => {
    const hits = await resultOf(t.callEndpoint(READER, searchDownloads, { query: { q: 'preis' } }));
    expect(hits.map((h) => [h.name, h.folderPath])).toEqual([
      ['Preislisten', ''],
      ['Preisliste Türen.pdf', 'Preislisten'],
    ]);
    const inFolder = await folderOf(READER, hits[1]!.folderId!);
    expect(inFolder.folder.name).toBe('Preislisten');
    expect((await t.callEndpoint(READER, searchDownloads, { query: { q: 'x' } })).status).toBe(400);
  });

  it('lets admins create, upload into, rename and delete; the folder on disk follows', async () => {
    const root = await rootOf(ADMIN);
    const folder = await resultOf(
      t.callEndpoint(ADMIN, createDownloadFolder, {
        params: { id: root.folder.id },
        body: { name: 'Montageanleitungen' },
      }),
    );
    const content = Buffer.from('%PDF-1.4 Montage');
    const upload = (name: string, bytes: Buffer) =>
      uploadTo(t, ADMIN, uploadDownloadFile, { params: { id: folder.id } }, { name, content: bytes });
    const file = await resultOf(upload('Einbau Fenster.pdf', content));
    expect(file).toMatchObject({ name: 'Einbau Fenster.pdf', size: content.length });
    expect(await readFile(path.join(t.downloadsDir, 'Montageanleitungen', 'Einbau Fenster.pdf'))).toEqual(
      content,
    );

    const twice = await upload('Einbau Fenster.pdf', Buffer.from('anders'));
    expect(twice.status).toBe(400);
    expect(await readFile(path.join(t.downloadsDir, 'Montageanleitungen', 'Einbau Fenster.pdf'))).toEqual(
      content,
    );
    const exe = await upload('setup.exe', Buffer.from('MZ'));
    expect(exe.status).toBe(400);
    expect(exe.message).toContain('nicht erlaubt');
    const big = await upload('gross.pdf', Buffer.alloc(1024 * 1024 + 10));
    expect(big.status).toBe(400);
    expect(await readdir(path.join(t.downloadsDir, 'Montageanleitungen'))).toEqual(['Einbau Fenster.pdf']);

    const renamedFolder = await t.callEndpoint(ADMIN, renameDownloadItem, {
      params: { id: folder.id },
      body: { name: 'Montage' },
    });
    expect(renamedFolder.status).toBe(200);
    // The file keeps its id below the renamed folder.
    const download = await folderOf(READER, folder.id);
    expect(download.items).toEqual([expect.objectContaining({ id: file.id, name: 'Einbau Fenster.pdf' })]);
    const renamedFile = await t.callEndpoint(ADMIN, renameDownloadItem, {
      params: { id: file.id },
      body: { name: 'Einbau Kunststofffenster.pdf' },
    });
    expect(renamedFile.status).toBe(200);
    const toExe = await t.callEndpoint(ADMIN, renameDownloadItem, {
      params: { id: file.id },
      body: { name: 'Einbau.exe' },
    });
    expect(toExe.status).toBe(400);
    expect(await readdir(path.join(t.downloadsDir, 'Montage'))).toEqual(['Einbau Kunststofffenster.pdf']);

    const removed = await t.callEndpoint(ADMIN, deleteDownloadItem, { params: { id: folder.id } });
    expect(removed.status).toBe(200);
    expect(await readdir(t.downloadsDir)).not.toContain('Montage');
    expect((await t.callEndpoint(READER, downloadItemFile, { params: { id: file.id } })).status).toBe(404);
    // The statistics keep the file under the name it had last.
    const kept = await t.db
      .selectFrom('stored_file')
      .select('original_name')
      .where('id', '=', file.fileId)
      .execute();
    expect(kept).toEqual([{ original_name: 'Einbau Kunststofffenster.pdf' }]);
  });

  it('refuses managing to readers, and to admins without APP_DATEIEN', async () => {
    const root = await rootOf(READER);
    for (const groups of [READER, ['APP_ADMIN']]) {
      const answer = await t.callEndpoint(groups, createDownloadFolder, {
        params: { id: root.folder.id },
        body: { name: 'Geheim' },
      });
      expect(answer.status).toBe(403);
    }
    expect((await t.callEndpoint(['APP_KUNDE'], rootContent)).status).toBe(403);
    expect(await readdir(t.downloadsDir)).not.toContain('Geheim');
  });

  it('refuses renaming or deleting the top folder', async () => {
    const root = await rootOf(ADMIN);
    const rename = await t.callEndpoint(ADMIN, renameDownloadItem, {
      params: { id: root.folder.id },
      body: { name: 'Neu' },
    });
    expect(rename.status).toBe(400);
    expect((await t.callEndpoint(ADMIN, deleteDownloadItem, { params: { id: root.folder.id } })).status).toBe(
      400,
    );
  });
});
