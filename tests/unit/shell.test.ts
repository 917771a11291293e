import { describe, expect, it } from 'vitest';
import { breadcrumbTrail } from '../../src/layout/breadcrumbs';
import { allowedMenu } from '../../src/resources/menu';
import { MENU } from '../../src/resources/registry';
import { closeMenusOnNavigation, initialMenuState, toggleMenu } from '../../src/layout/menuState';
import { locationNameOf } from '../../src/auth/groups';

describe('menu toggle: overlay in overlay mode, else static on a desktop and mobile on a phone', () => {
  it('flips the overlay in overlay mode, whatever the width', () => {
    for (const desktop of [true, false]) {
      const once = toggleMenu(initialMenuState, 'overlay', desktop);
      expect(once).toEqual({ ...initialMenuState, overlayMenuActive: true });
      expect(toggleMenu(once, 'overlay', desktop)).toEqual(initialMenuState);
    }
  });

  it.each(['static', 'slim', 'horizontal'] as const)(
    'in %s mode flips the static menu on a desktop and the mobile menu on a phone',
    (mode) => {
      expect(toggleMenu(initialMenuState, mode, true)).toEqual({
        ...initialMenuState,
        staticMenuDesktopInactive: true,
      });
      expect(toggleMenu(initialMenuState, mode, false)).toEqual({
        ...initialMenuState,
        staticMenuMobileActive: true,
      });
    },
  );

  it('closes overlay and mobile menus on navigation but keeps the desktop choice', () => {
    const open = {
      ...initialMenuState,
      overlayMenuActive: true,
      staticMenuMobileActive: true,
      staticMenuDesktopInactive: true,
    };
    expect(closeMenusOnNavigation(open)).toEqual({ ...initialMenuState, staticMenuDesktopInactive: true });
  });
});

describe('menu entries, groups and routes as the client lists them', () => {
  it('hides entries whose group is missing and keeps the order of the table', () => {
    expect(allowedMenu(MENU, ['APP_NPS', 'APP_ADMIN']).map((item) => item.label)).toEqual([
      'NPS',
      'Admin',
      'Admin-Benutzer',
    ]);
    expect(allowedMenu(MENU, ['APP_STANDORT_S_WIEN'])).toEqual([]);
    const vorgang = allowedMenu(MENU, ['APP_KUNDE']).find((item) => item.routerLink === '/crm/vorgang')!;
    expect(vorgang.forceExpanded).toBe(true);
    expect(vorgang.items!.map((item) => item.label)).toEqual(['Vorgänge', 'Fällige Labels', 'Kartenansicht']);
  });
});

describe('breadcrumb (route data plus labels added by pages)', () => {
  it("labels routes with the client's breadcrumb names", () => {
    expect(breadcrumbTrail('/crm/vorgang/faellig', {})).toEqual([
      { label: 'Vorgangsübersicht', url: '/crm/vorgang' },
      { label: 'Fällige Labels', url: '/crm/vorgang/faellig' },
    ]);
    expect(breadcrumbTrail('/crm/vorgang', {}).map((c) => c.label)).toEqual([
      'Vorgangsübersicht',
      'Vorgänge',
    ]);
    expect(breadcrumbTrail('/crm/download', {}).map((c) => c.label)).toEqual(['Dateien']);
  });

  it('names a record page by the record alone (Kunden › Schielke Gruppe)', () => {
    expect(breadcrumbTrail('/crm/kunden/5/show', { '/crm/kunden/5/show': 'Schielke Gruppe' })).toEqual([
      { label: 'Kunden', url: '/crm/kunden' },
      { label: 'Schielke Gruppe', url: '/crm/kunden/5/show' },
    ]);
  });

  it('uses a label a page added for its URL, else a placeholder (never the id, taken for a number)', () => {
    expect(breadcrumbTrail('/crm/admin/labels/7', {}).map((c) => c.label)).toEqual(['Admin', 'Labels', '…']);
    expect(breadcrumbTrail('/crm/vorgang/1599', {}).map((c) => c.label)).toEqual(['Vorgangsübersicht', '…']);
    expect(
      breadcrumbTrail('/crm/admin/labels/7', { '/crm/admin/labels/7': 'Rückruf' }).map((c) => c.label),
    ).toEqual(['Admin', 'Labels', 'Rückruf']);
    // A pair of ids is one page: no crumb for the first id alone (it would link to no page).
    expect(
      breadcrumbTrail('/crm/admin-verkauf/dubletten/26/2001', {
        '/crm/admin-verkauf/dubletten/26/2001': 'Maier und Mayer zusammenführen',
      }).map((c) => c.url),
    ).toEqual(['/crm/admin-verkauf', '/crm/admin-verkauf/dubletten', '/crm/admin-verkauf/dubletten/26/2001']);
    expect(breadcrumbTrail('/crm/admin/labels/create', {}).at(-1)).toEqual({
      label: 'Neu',
      url: '/crm/admin/labels/create',
    });
  });
});

describe('location groups: the name is the fourth underscore part', () => {
  it('shows the name part with an initial capital', () => {
    expect(locationNameOf('APP_STANDORT_S_KLAGENFURT')).toBe('Klagenfurt');
    expect(locationNameOf('APP_STANDORT_R_muenchen')).toBe('Muenchen');
    expect(locationNameOf('APP_STANDORT_WIEN')).toBe('Wien');
  });
});
