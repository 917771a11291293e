import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AREAS } from '../../src/resources/areas';
import { resourcesOf, type AreaDeclaration } from '../../src/resources/resource';
import { loadEntities } from '../../server/platform/entities/loadEntities';
import { TENANTS } from '../../server/platform/config/tenants';
import { loadManualTabs } from '../../server/shell/loadManualTabs';
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
const TABS = await loadManualTabs();
const tabsOf = (area: string) => [
  ...entities.filter((e) => e.area === area).map((e) => e.label.many),
  ...resources.flatMap((r) => r.pages ?? []).flatMap((p) => (p.area === area ? [p.label] : [])),
];

const menuLabels = MENU.flatMap((item) => [item.label, ...(item.items ?? []).map((sub) => sub.label)]);

describe('user manual handbuch.pdf', () => {
  it('describes exactly the menu’s areas, one section per menu entry in the menu’s order', () => {
    const sections = manualSections(TENANTS.strussnig, MENU, TABS);
    expect(sections.flatMap((s) => (s.menuLabel ? [s.menuLabel] : []))).toEqual(MENU.map((m) => m.label));
    // Besides the menu: only how to sign in, find one's way, and get help.
    expect(sections.filter((s) => !s.menuLabel).map((s) => s.title)).toEqual([
      'Anmelden',
      'Menü, Brotkrumen und Layout',
      'Hilfe',
    ]);
  });

  it('gives every tab of each admin area its paragraph, from the manual.ts of the area that declares the tab', () => {
    const sections = manualSections(TENANTS.strussnig, MENU, TABS);
    for (const [key, area] of Object.entries(AREAS)) {
      const section = sections.find((s) => s.menuLabel === area.label);
      expect(section, area.label).toBeDefined();
      const tabs = tabsOf(key);
      expect(tabs.length).toBeGreaterThan(0);
      for (const tab of tabs) {
        const found = TABS.find((t) => t.area === key && t.label === tab);
        expect(found, `${area.label} → ${tab}: nicht gefunden (tabs.ts des Bereichs)`).toBeDefined();
        expect(
          found!.text.length,
          `${area.label} → ${tab}: Text fehlt in src/resources/${found!.folder}/manual.ts`,
        ).toBeGreaterThan(20);
        expect(section!.paragraphs).toContain(`${tab}: ${found!.text}`);
      }
    }
  });

  it('knows each page tab the web app shows from an area’s tabs.ts, and each manual text belongs to a tab', async () => {
    const pageTabs = resources.flatMap((r) => r.pages ?? []).filter((p) => p.area);
    for (const page of pageTabs)
      expect(TABS, page.label).toContainEqual(
        expect.objectContaining({ area: page.area, label: page.label, tabOrder: page.tabOrder }),
      );
    // A text whose tab was renamed or removed would silently stay out of the manual.
    const manualFiles = readdirSync(RESOURCES, { withFileTypes: true }).filter((d) =>
      existsSync(path.join(RESOURCES, d.name, 'manual.ts')),
    );
    for (const dir of manualFiles) {
      const file = pathToFileURL(path.join(RESOURCES, dir.name, 'manual.ts')).href;
      const texts = ((await import(file)) as { default: Record<string, string> }).default;
      for (const label of Object.keys(texts))
        expect(
          TABS.some((tab) => tab.folder === dir.name && tab.label === label),
          `src/resources/${dir.name}/manual.ts: kein Reiter „${label}“ in diesem Bereich`,
        ).toBe(true);
    }
  });

  it('renders every menu entry into the PDF and calls the layout button what it shows (sliders, no Zahnrad)', async () => {
    for (const tenant of Object.values(TENANTS)) {
      const text = (await pdfPages(await renderUserManual(tenant, MENU, TABS))).join(' ');
      for (const label of menuLabels) expect(text, label).toContain(label);
      expect(text).not.toMatch(/Zahnrad/i);
      expect(text).toContain('Schiebereglern');
      expect(text).toContain(tenant.company.name);
      // Helvetica in the PDF knows only Latin-1 (WinAnsi): a character outside it would print as garbage.
      for (const section of manualSections(tenant, MENU, TABS)) {
        for (const paragraph of section.paragraphs) {
          expect(paragraph, section.title).toMatch(/^[\u0020-\u00ff„“‚‘…–—€]*$/);
        }
      }
    }
  });
});
