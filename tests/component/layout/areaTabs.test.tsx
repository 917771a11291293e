import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AreaTabs } from '../support/app';
import { renderInAdmin } from '../support/render';

const tabNames = (group: HTMLElement) =>
  within(group)
    .getAllByRole('tab')
    .map((tab) => tab.textContent);

describe('admin navigation', () => {
  it('groups the 18 admin tabs under Stammdaten, Artikel and System, without scroll buttons', async () => {
    renderInAdmin(<AreaTabs area="admin" />, '/crm/admin/labels');
    const stammdaten = await screen.findByRole('group', { name: 'Stammdaten' }, { timeout: 10_000 });
    expect(tabNames(stammdaten)).toEqual(['Labels', 'Gründe', 'Stammdaten', 'Eigene Status', 'Systemstatus']);
    expect(tabNames(screen.getByRole('group', { name: 'Artikel' }))).toEqual([
      'Artikel',
      'Artikel-Aliase',
      'Artikel-Mappings',
      'Mapping-Aliase',
      'Mapping-Statistik',
    ]);
    expect(tabNames(screen.getByRole('group', { name: 'System' }))).toEqual([
      'Datenabgleich',
      'Einstellungen',
      'Änderungsverlauf',
      'Sammelaktionen',
      'Datenschutz',
      'Hintergrundaufgaben',
      'Postausgang',
      'Nutzung',
    ]);
    expect(screen.getAllByRole('tab')).toHaveLength(18);
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
