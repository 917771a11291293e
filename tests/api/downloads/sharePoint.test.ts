import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDownloadSource } from '../../../server/downloads/createDownloadSource';
import { setUpEntraAuth } from '../../../server/platform/auth/entra/entraAuthSetup';
import { readConfig, type EntraAuthConfig } from '../../../server/platform/config/env';
import type { DownloadItem, FolderContent } from '../../../src/resources/downloads/downloads.endpoints';
import { startFakeMicrosoft, type FakeMicrosoft, type FakeUser } from '../../support/fakeMicrosoft';
import { createTestApp, type TestApp } from '../../support/testApp';

const LENA: FakeUser = {
  oid: 'bbbbbbbb-0000-4000-8000-000000000002',
  name: 'Lena Leitung',
  username: 'lena@strussnig.at',
  groups: ['APP_KUNDE', 'APP_DATEIEN'],
};
const ANNA: FakeUser = {
  ...LENA,
  oid: 'bbbbbbbb-0000-4000-8000-000000000001',
  name: 'Anna Admin',
  groups: ['APP_DATEIEN', 'APP_ADMIN'],
};
const PRICE_LIST = Buffer.from('%PDF-1.4 Preisliste aus SharePoint');

describe('Dateien from SharePoint through Microsoft Graph', () => {
  let microsoft: FakeMicrosoft;
  let t: TestApp;
  const get = async (user: FakeUser, url: string) => {
    const answer = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${await microsoft.accessToken(user)}` },
    });
    return answer;
  };
  const json = async <T>(user: FakeUser, url: string) => {
    const answer = await get(user, url);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().result as T;
  };

  beforeAll(async () => {
    microsoft = await startFakeMicrosoft(
      [LENA, ANNA],
      [
        { id: 'F1', name: 'Preislisten', parentId: 'root' },
        { id: 'F2', name: 'Prospekte', parentId: 'root' },
        { id: 'F3', name: 'Formulare', parentId: 'root' },
        { id: 'F4', name: 'Vertraulich', parentId: 'root', onlyFor: [ANNA.oid] },
        { id: 'D1', name: 'Übersicht.pdf', parentId: 'root', content: Buffer.from('%PDF Übersicht') },
        { id: 'D2', name: 'Preisliste 2026.pdf', parentId: 'F1', content: PRICE_LIST },
        { id: 'D3', name: 'Preisliste 2025.pdf', parentId: 'F1', content: Buffer.from('alt') },
        { id: 'D4', name: 'Prospekt.pdf', parentId: 'F2', content: Buffer.from('%PDF Prospekt') },
      ],
    );
    const config = readConfig({
      ...microsoft.crmEnvironment,
      DOWNLOADS_SOURCE: 'sharepoint',
      SHAREPOINT_SITE_ID: 'strussnig.sharepoint.com,1111,2222',
    });
    const entra = setUpEntraAuth(config.auth as EntraAuthConfig, { networkClient: microsoft.networkClient });
    t = await createTestApp({ ...entra, downloads: await createDownloadSource(config, entra.graphTokenFor) });
  });
  afterAll(async () => {
    await t?.close();
    await microsoft?.close();
  });

  it('lists the library on behalf of the person, every page, folders first, SharePoint permissions applied', async () => {
    const root = await json<FolderContent>(LENA, '/api/download/rootContent');
    // Five items visible to Lena in pages of two: all three pages were read.
    expect(root.items.map((i) => i.name)).toEqual(['Formulare', 'Preislisten', 'Prospekte', 'Übersicht.pdf']);
    expect(root.canManage).toBe(false);
    const asAnna = await json<FolderContent>(ANNA, '/api/download/rootContent');
    expect(asAnna.items.map((i) => i.name)).toContain('Vertraulich');
    // SharePoint is managed in SharePoint: even admins read only here.
    expect(asAnna.canManage).toBe(false);
    const folder = root.items.find((i) => i.name === 'Preislisten')!;
    const content = await json<FolderContent>(LENA, `/api/download/getSubItemsOfFolder/${folder.id}`);
    expect(content.breadcrumbs.map((c) => c.name)).toEqual(['Dateien', 'Preislisten']);
    expect(content.items.map((i) => [i.name, i.size])).toEqual([
      ['Preisliste 2025.pdf', 3],
      ['Preisliste 2026.pdf', PRICE_LIST.length],
    ]);
  });

  it('downloads a file through Graph’s redirect, without sending the token to the other host', async () => {
    const root = await json<FolderContent>(LENA, '/api/download/rootContent');
    const folder = root.items.find((i) => i.name === 'Preislisten')!;
    const content = await json<FolderContent>(LENA, `/api/download/getSubItemsOfFolder/${folder.id}`);
    const file = content.items.find((i) => i.name === 'Preisliste 2026.pdf')!;
    const download = await get(LENA, `/api/download/file/${file.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PRICE_LIST)).toBe(true);
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''Preisliste%202026.pdf");
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(microsoft.state.downloadAuthorizations).toHaveLength(1);
    expect(microsoft.state.downloadAuthorizations[0]).toBeUndefined();
  });

  it('searches names across folders', async () => {
    const hits = await json<(DownloadItem & { folderPath: string })[]>(
      LENA,
      '/api/download/search?q=preisliste',
    );
    expect(hits.map((h) => [h.name, h.folderPath])).toEqual([
      ['Preislisten', ''],
      ['Preisliste 2025.pdf', 'Preislisten'],
      ['Preisliste 2026.pdf', 'Preislisten'],
    ]);
    expect(await json<unknown[]>(LENA, '/api/download/search?q=vertraulich')).toEqual([]);
  });

  it('refuses managing, and says so in German', async () => {
    const root = await json<FolderContent>(ANNA, '/api/download/rootContent');
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/download/createFolder/${root.folder.id}`,
      headers: { authorization: `Bearer ${await microsoft.accessToken(ANNA)}` },
      payload: { name: 'Neu' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().result.message).toContain('SharePoint');
  });

  it('answers 503 in German when Graph fails, and 404 for an item SharePoint no longer shows', async () => {
    const root = await json<FolderContent>(ANNA, '/api/download/rootContent');
    const secret = root.items.find((i) => i.name === 'Vertraulich')!;
    expect((await get(LENA, `/api/download/getSubItemsOfFolder/${secret.id}`)).statusCode).toBe(404);
    microsoft.state.graphFails = true;
    try {
      const answer = await get(LENA, '/api/download/rootContent');
      expect(answer.statusCode).toBe(503);
      expect(answer.json().result.message).toContain('SharePoint');
    } finally {
      microsoft.state.graphFails = false;
    }
  });
});
