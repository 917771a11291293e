import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AREA_TAB_GROUPS } from '../../../src/layout/areaTabGroups';
import { ENTITIES, PAGES } from '../../../src/resources/registry';
import { AreaTabs } from '../support/app';
import { renderInAdmin } from '../support/render';

const tabNames = (group: HTMLElement) =>
  within(group)
    .getAllByRole('tab')
    .map((tab) => tab.textContent);

// Every admin tab the areas declare (entities and pages), in tab order: a new tab needs no line in this test.
const ADMIN_TABS = [
  ...ENTITIES.filter((e) => e.area === 'admin').map((e) => ({ label: e.label.many, order: e.tabOrder })),
  ...PAGES.filter((p) => p.area === 'admin').map((p) => ({ label: p.label, order: p.tabOrder! })),
].sort((a, b) => a.order - b.order);
const declaredIn = (group: string) => {
  const range = AREA_TAB_GROUPS.admin!.find((g) => g.label === group)!;
  return ADMIN_TABS.filter((tab) => tab.order >= range.from && tab.order < range.to).map((tab) => tab.label);
};

describe('admin navigation', () => {
  it('groups every declared admin tab under Stammdaten, Artikel and System, without scroll buttons', async () => {
    renderInAdmin(<AreaTabs area="admin" />, '/crm/admin/labels');
    const stammdaten = await screen.findByRole('group', { name: 'Stammdaten' }, { timeout: 10_000 });
    // Each group shows exactly its declared tabs in their order; the client's tabs are among them.
    expect(tabNames(stammdaten)).toEqual(declaredIn('Stammdaten'));
    expect(tabNames(stammdaten)).toEqual(
      expect.arrayContaining(['Labels', 'Gründe', 'Stammdaten', 'Eigene Status', 'Systemstatus']),
    );
    const artikel = screen.getByRole('group', { name: 'Artikel' });
    expect(tabNames(artikel)).toEqual(declaredIn('Artikel'));
    expect(tabNames(artikel)).toEqual(
      expect.arrayContaining(['Artikel', 'Artikel-Mappings', 'Mapping-Statistik']),
    );
    const system = screen.getByRole('group', { name: 'System' });
    expect(tabNames(system)).toEqual(declaredIn('System'));
    expect(tabNames(system)).toEqual(
      expect.arrayContaining([
        'Datenabgleich',
        'Einstellungen',
        'Änderungsverlauf',
        'Postausgang',
        'Nutzung',
      ]),
    );
    expect(screen.getAllByRole('tab')).toHaveLength(ADMIN_TABS.length);
    expect(ADMIN_TABS.length).toBeGreaterThanOrEqual(18);
    // A scrolling bar hides entries behind arrows; the groups wrap instead.
    expect(document.querySelector('.MuiTabs-scrollButtons')).toBeNull();
  }, 30_000);

  it('marks the open tab as selected, in its group only', async () => {
    renderInAdmin(<AreaTabs area="admin" />, '/crm/admin/einstellungen');
    const open = await screen.findByRole(
      'tab',
      { name: 'Einstellungen', selected: true },
      { timeout: 10_000 },
    );
    expect(within(screen.getByRole('group', { name: 'System' })).getByRole('tab', { selected: true })).toBe(
      open,
    );
    expect(screen.getAllByRole('tab', { selected: true })).toHaveLength(1);
  }, 30_000);
});
