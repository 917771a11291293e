import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDownloadFolder,
  deleteDownloadItem,
  getSubItemsOfFolder,
  renameDownloadItem,
  rootContent,
  searchDownloads,
  uploadDownloadFile,
} from '../../../src/resources/downloads/downloads.endpoints';
import { createTestApp, resultOf, type TestApp } from '../../support/testApp';
import { uploadTo } from '../../support/fileCalls';

const ADMIN = ['APP_DATEIEN', 'APP_ADMIN'];
const SECRET = 'geheim: nicht herausgeben';

describe('Dateien: nothing outside the folder is read or written', () => {
  let t: TestApp;
  let outside: string;
  let rootId: number;
  const outsideFiles = () => readdir(outside);

  /** A registry row naming a key no listing would ever make (as a tampered database or old row might). */
  async function forgedItem(key: string, isFolder: boolean) {
    const file = isFolder
      ? null
      : (
          await sql<{
            id: number;
          }>`INSERT INTO stored_file (owner_type, original_name, stored_name, mime_type, size_bytes)
            VALUES ('download', 'x.txt', ${`forged:${key}`}, 'text/plain', 1) RETURNING id`.execute(t.db)
        ).rows[0]!.id;
    const { rows } = await sql<{ id: number }>`
      INSERT INTO download_item (source, item_key, parent_id, name, is_folder, file_id)
      VALUES ('ordner', ${key}, ${rootId}, 'x', ${isFolder}, ${file}) RETURNING id`.execute(t.db);
    return rows[0]!.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    outside = await mkdtemp(path.join(tmpdir(), 'fenster-outside-'));
    await writeFile(path.join(outside, 'secret.txt'), SECRET);
    await mkdir(path.join(t.downloadsDir, 'Ordner'), { recursive: true });
    await writeFile(path.join(t.downloadsDir, 'Ordner', 'ok.txt'), 'ok');
    // Links out of the folder: to a file, and to a whole folder.
    await symlink(path.join(outside, 'secret.txt'), path.join(t.downloadsDir, 'link.txt'));
    await symlink(outside, path.join(t.downloadsDir, 'Verlinkt'));
    rootId = (await resultOf(t.callEndpoint(ADMIN, rootContent))).folder.id;
  });
  afterAll(async () => {
    await t.close();
    await rm(outside, { recursive: true, force: true });
  });

  it('does not show links, nor find them in a search', async () => {
    const root = await resultOf(t.callEndpoint(ADMIN, rootContent));
    expect(root.items.map((i) => i.name)).toEqual(['Ordner']);
    const hits = await t.callEndpoint(ADMIN, searchDownloads, { query: { q: 'secret' } });
    expect(hits.result).toEqual([]);
  });

  it('cannot even record a key with a NUL byte', async () => {
    await expect(forgedItem('Ordner/ok.txt\0.pdf', false)).rejects.toThrow();
  });

  it.each([
    ['a parent step', '../secret.txt'],
    ['a parent step inside', 'Ordner/../../secret.txt'],
    ['an absolute path', '/etc/passwd'],
    ['a backslash', '..\\secret.txt'],
    ['a link to a file outside', 'link.txt'],
    ['a path through a link to a folder outside', 'Verlinkt/secret.txt'],
  ])('refuses to read a key with %s', async (_what, key) => {
    const fileId = await forgedItem(key, false);
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/download/file/${fileId}`,
      headers: { authorization: `Bearer ${await t.tokenFor(ADMIN)}` },
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.body).not.toContain('geheim');
    const folderId = await forgedItem(`${key}/`, true);
    const list = await t.callEndpoint(ADMIN, getSubItemsOfFolder, { params: { id: folderId } });
    expect(list.status).toBe(404);
  });

  it('refuses to write through a forged folder key or a link', async () => {
    for (const key of ['..', 'Verlinkt', '/tmp']) {
      const id = await forgedItem(key, true);
      const upload = await uploadTo(
        t,
        ADMIN,
        uploadDownloadFile,
        { params: { id } },
        { name: 'neu.txt', content: Buffer.from('x') },
      );
      expect(upload.status).toBe(400);
      const folder = await t.callEndpoint(ADMIN, createDownloadFolder, {
        params: { id },
        body: { name: 'neu' },
      });
      expect(folder.status).toBe(400);
      const renamed = await t.callEndpoint(ADMIN, renameDownloadItem, {
        params: { id },
        body: { name: 'x' },
      });
      expect(renamed.status).toBe(400);
      expect((await t.callEndpoint(ADMIN, deleteDownloadItem, { params: { id } })).status).toBe(400);
    }
    expect(await outsideFiles()).toEqual(['secret.txt']);
    expect(await readFile(path.join(outside, 'secret.txt'), 'utf8')).toBe(SECRET);
  });

  it.each([
    ['a parent step', '..'],
    ['a path', '../ausserhalb'],
    ['a nested path', 'a/b'],
    ['a backslash', '..\\x'],
    ['a NUL byte', 'neu\0name'],
    ['a hidden name', '.htaccess'],
    ['nothing but blanks', '   '],
  ])('refuses a new name with %s, at the field, writing nothing', async (_what, name) => {
    const before = await readdir(t.downloadsDir);
    const folder = await t.callEndpoint(ADMIN, createDownloadFolder, {
      params: { id: rootId },
      body: { name },
    });
    expect(folder.status).toBe(400);
    expect(folder.errors ?? folder.message).toBeDefined();
    const upload = await uploadTo(
      t,
      ADMIN,
      uploadDownloadFile,
      { params: { id: rootId } },
      { name: `${name}.pdf`, content: Buffer.from('%PDF') },
    );
    expect(upload.status).toBe(400);
    expect(await readdir(t.downloadsDir)).toEqual(before);
    expect(await outsideFiles()).toEqual(['secret.txt']);
  });
});
