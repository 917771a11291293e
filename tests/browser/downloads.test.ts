import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bearerOf, browserSession } from '../support/browserSession';
import { productUnderTest } from '../support/productUnderTest';
import { uniqueSuffix } from '../support/uniqueName';

const { baseUrl, openSignedIn } = browserSession();
const downloadsDir = productUnderTest().downloadsDir!;
const rowNamed = (page: Page, name: string) => page.getByText(name, { exact: true });

describe('Dateien', () => {
  it('lena.leitung browses into a folder, searches, previews a PDF and downloads it with its bytes', async () => {
    const page = await openSignedIn('lena.leitung', '/crm/download');
    await rowNamed(page, 'Preislisten').click();
    await page.getByRole('navigation', { name: 'Ordnerpfad' }).getByText('Preislisten').waitFor();
    await rowNamed(page, 'Preisliste 2026.pdf').click();
    await page.getByTitle('Vorschau Preisliste 2026.pdf').waitFor();
    // Chromium's headless shell has no PDF viewer: the preview's frame hands its blob over as a download of
    // its own (named by the blob's id), sometimes only after the click under load. The button's is the named one.
    const [download] = await Promise.all([
      page.waitForEvent('download', {
        predicate: (d) => !/^[0-9a-f-]{36}(\.pdf)?$/.test(d.suggestedFilename()),
      }),
      page.getByRole('button', { name: 'Herunterladen' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Preisliste 2026.pdf');
    const saved = await readFile((await download.path())!);
    expect(saved.equals(await readFile(path.join(downloadsDir, 'Preislisten', 'Preisliste 2026.pdf')))).toBe(
      true,
    );
    await page.getByRole('button', { name: 'Schließen', exact: true }).click();

    await page.getByLabel('Dateien suchen').fill('türen');
    await page.getByText('1 Treffer für „türen“').waitFor();
    await rowNamed(page, 'Prospekt Fenster & Türen.pdf').waitFor();
    await page.getByText(/in Prospekte/).waitFor();
    // Lena reads only: no upload, no menu.
    expect(await page.getByRole('button', { name: 'Hochladen' }).count()).toBe(0);
    await page.context().close();
  });

  it('anna.admin uploads into a new folder, renames it and deletes it', async () => {
    const page = await openSignedIn('anna.admin', '/crm/download');
    const folder = `Aktionen ${uniqueSuffix()}`;
    await page.getByRole('button', { name: 'Neuer Ordner' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill(folder);
    await page.getByRole('button', { name: 'Anlegen' }).click();
    await rowNamed(page, folder).click();
    await page.getByText('Dieser Ordner ist leer.').waitFor();
    await page.getByLabel('Dateien zum Hochladen auswählen').setInputFiles({
      name: 'Frühjahrsaktion.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 Frühjahrsaktion'),
    });
    await rowNamed(page, 'Frühjahrsaktion.pdf').waitFor();
    expect(await readdir(path.join(downloadsDir, folder))).toEqual(['Frühjahrsaktion.pdf']);
    // A refused upload says why until the next action (here: renaming the file, then another folder).
    const refusal = page.getByRole('alert').filter({ hasText: /^boese\.exe: .*nicht erlaubt/ });
    const uploadExe = () =>
      page.getByLabel('Dateien zum Hochladen auswählen').setInputFiles({
        name: 'boese.exe',
        mimeType: 'application/octet-stream',
        buffer: Buffer.from('MZ'),
      });
    await uploadExe();
    await refusal.waitFor();
    await page.getByRole('button', { name: 'Frühjahrsaktion.pdf: weitere Aktionen' }).click();
    await page.getByRole('menuitem', { name: 'Umbenennen' }).click();
    await page.getByRole('button', { name: 'Abbrechen' }).click();
    expect(await refusal.count()).toBe(0);
    await uploadExe();
    await refusal.waitFor();

    await page.getByRole('navigation', { name: 'Ordnerpfad' }).getByText('Dateien').click();
    await page.getByRole('button', { name: `${folder}: weitere Aktionen` }).click();
    expect(await refusal.count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Umbenennen' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill(`${folder} neu`);
    await page.getByRole('button', { name: 'Umbenennen' }).click();
    await rowNamed(page, `${folder} neu`).waitFor();
    await page.getByRole('button', { name: `${folder} neu: weitere Aktionen` }).click();
    await page.getByRole('menuitem', { name: 'Löschen' }).click();
    await page.getByText(`„${folder} neu“ und alles darin wird endgültig gelöscht.`).waitFor();
    await page.getByRole('button', { name: 'Löschen' }).click();
    await expect.poll(() => rowNamed(page, `${folder} neu`).count()).toBe(0);
    expect(await readdir(downloadsDir)).not.toContain(`${folder} neu`);
    await page.context().close();
  });

  it('victor.verkauf (no APP_DATEIEN) has no menu entry and gets 403 from every download/ path', async () => {
    const page = await openSignedIn('victor.verkauf', '/crm/download', { width: 390, height: 844 });
    await page.getByText('Keine Berechtigung').waitFor();
    const token = await bearerOf(page);
    for (const path of [
      'download/rootContent',
      'download/getSubItemsOfFolder/1',
      'download/search?q=preis',
      'download/file/1',
    ]) {
      const answer = await fetch(`${baseUrl}/api/${path}`, { headers: { authorization: token } });
      expect(answer.status, path).toBe(403);
    }
    await page.context().close();
    // On the desktop the menu is open: Kunden is there, Dateien is not.
    const desktop = await openSignedIn('victor.verkauf', '/crm/kunden');
    await desktop.getByRole('link', { name: 'Kunden' }).first().waitFor();
    expect(await desktop.getByRole('link', { name: 'Dateien' }).count()).toBe(0);
    await desktop.context().close();
  });
});
