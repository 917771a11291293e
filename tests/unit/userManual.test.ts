import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AREAS } from '../../src/resources/areas';
import { resourcesOf, type AreaDeclaration } from '../../src/resources/resource';
import { loadEntities } from '../../server/platform/entities/loadEntities';
import { TENANTS } from '../../server/platform/config/tenants';
import { loadMenu } from '../../server/shell/loadMenu';
import { manualSections, renderUserManual } from '../../server/shell/userManual';
import { pdfPages } from '../api/offerPdf/pdfText';

// Every tab of every admin area, as the web app shows them: entity tabs and page tabs.
const RESOURCES = path.resolve('src/resources');
const indexFiles = readdirSync(RESOURCES, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(path.join(RESOURCES, d.name, 'index.ts')))
  .map((d) => path.join(RESOURCES, d.name, 'index.ts'));
const resources = (
  await Promise.all(
    indexFiles.map(
      async (file) => ((await import(pathToFileURL(file).href)) as { default: AreaDeclaration }).default,
    ),
  )
).flatMap(resourcesOf);
const entities = await loadEntities();
const MENU = await loadMenu();
const tabsOf = (area: string) => [
  ...entities.filter((e) => e.area === area).map((e) => e.label.many),
  ...resources.flatMap((r) => r.pages ?? []).flatMap((p) => (p.area === area ? [p.label] : [])),
];

const menuLabels = MENU.flatMap((item) => [item.label, ...(item.items ?? []).map((sub) => sub.label)]);

describe('user manual handbuch.pdf', () => {
  it('describes exactly the menu’s areas, one section per menu entry in the menu’s order', () => {
    const sections = manualSections(TENANTS.strussnig, MENU);
    expect(sections.flatMap((s) => (s.menuLabel ? [s.menuLabel] : []))).toEqual(MENU.map((m) => m.label));
    // Besides the menu: only how to sign in, find one's way, and get help.
    expect(sections.filter((s) => !s.menuLabel).map((s) => s.title)).toEqual([
      'Anmelden',
      'Menü, Brotkrumen und Layout',
      'Hilfe',
    ]);
  });

  it('names every tab of each admin area in that area’s description', () => {
    for (const area of Object.values(AREAS)) {
      const entry = MENU.find((item) => item.routerLink === `/crm/${area.path}`);
      expect(entry, area.label).toBeDefined();
      const tabs = tabsOf(Object.keys(AREAS).find((key) => AREAS[key as keyof typeof AREAS] === area)!);
      expect(tabs.length).toBeGreaterThan(0);
      for (const tab of tabs) expect(entry!.description, `${area.label}: ${tab}`).toContain(tab);
    }
  });

  it('renders every menu entry into the PDF and calls the layout button what it shows (sliders, no Zahnrad)', async () => {
    for (const tenant of Object.values(TENANTS)) {
      const text = (await pdfPages(await renderUserManual(tenant, MENU))).join(' ');
      for (const label of menuLabels) expect(text, label).toContain(label);
      expect(text).not.toMatch(/Zahnrad/i);
      expect(text).toContain('Schiebereglern');
      expect(text).toContain(tenant.company.name);
      // Helvetica in the PDF knows only Latin-1 (WinAnsi): a character outside it would print as garbage.
      for (const section of manualSections(tenant, MENU)) {
        for (const paragraph of section.paragraphs) {
          expect(paragraph, section.title).toMatch(/^[\u0020-\u00ff„“‚‘…–—€]*$/);
        }
      }
    }
  });
});
