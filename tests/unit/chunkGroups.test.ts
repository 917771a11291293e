import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import type { ChunkingContext } from 'rolldown';
import { chunkGroups, staticGraphGroup } from '../../build/chunkGroups';

// Which group claims a module the entry does not import statically (so the `$initial`-tagged shell group does
// not apply), as Rolldown decides it: the matching group with the highest priority.
function groupOf(id: string): string | undefined {
  const matching = chunkGroups.filter((group) => {
    if (group.tags?.length) return false;
    const test = group.test;
    if (typeof test === 'function') return test(id);
    if (test instanceof RegExp) return test.test(id);
    return typeof test === 'string' && id.includes(test);
  });
  matching.sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0));
  const name = matching[0]?.name;
  return typeof name === 'string' ? name : undefined;
}

const nodeModule = (path: string) => `/app/node_modules/${path}`;

describe('the build chunk groups', () => {
  it('keep the Kanban-only libraries out of the file every signed-in page loads', () => {
    expect(groupOf(nodeModule('@tanstack/virtual-core/dist/esm/index.js'))).toBe('kanban');
    expect(groupOf(nodeModule('@tanstack/react-virtual/dist/esm/index.js'))).toBe('kanban');
    expect(groupOf(nodeModule('@hello-pangea/dnd/dist/dnd.esm.js'))).toBe('kanban');
    expect(groupOf(nodeModule('eventsource-parser/dist/index.js'))).toBe('kanban');
  });

  it('give Redux, shared by the charts and the Kanban only, a file of its own ranked above both', () => {
    expect(groupOf(nodeModule('redux/dist/redux.mjs'))).toBe('redux');
    expect(groupOf(nodeModule('react-redux/dist/react-redux.mjs'))).toBe('redux');
    expect(groupOf(nodeModule('recharts/es6/index.js'))).toBe('charts');
  });

  it('keep Luxon (the calendar’s named time zone) in the calendar’s file, not in the vendor file of every page', () => {
    expect(groupOf(nodeModule('luxon/src/luxon.js'))).toBe('calendar');
    expect(groupOf(nodeModule('@fullcalendar/luxon3/index.js'))).toBe('calendar');
  });

  it('keep what only the forms validate with out of every list (yup, phone numbers, date-fns’s parser)', () => {
    expect(groupOf(nodeModule('yup/index.esm.js'))).toBe('forms');
    expect(groupOf(nodeModule('libphonenumber-js/min/exports/parsePhoneNumberFromString.js'))).toBe('forms');
    expect(groupOf(nodeModule('@hookform/resolvers/yup/dist/yup.mjs'))).toBe('forms');
    expect(groupOf(nodeModule('date-fns/parse.js'))).toBe('datepicker');
    expect(groupOf(nodeModule('date-fns/parse/_lib/parsers/DateParser.js'))).toBe('datepicker');
    // The rest of date-fns formats every list's dates.
    expect(groupOf(nodeModule('date-fns/parseISO.js'))).toBe('vendor');
    expect(groupOf(nodeModule('date-fns/format.js'))).toBe('vendor');
  });

  it('keep MSAL in its own file and the shared libraries in vendor', () => {
    expect(groupOf(nodeModule('@azure/msal-browser/dist/index.mjs'))).toBe('msal');
    expect(groupOf(nodeModule('ra-core/dist/esm/index.js'))).toBe('vendor');
    expect(groupOf(nodeModule('@mui/material/Button/Button.js'))).toBe('mui');
  });

  describe('our own code', () => {
    const src = (file: string) => fileURLToPath(new URL(`../../src/${file}`, import.meta.url));
    // CrmApp imports the registry and the frame statically, the list view lazily; the registry imports a library.
    const graph: Record<string, { importedIds: string[]; dynamicallyImportedIds: string[] }> = {
      [src('CrmApp.tsx')]: {
        importedIds: [src('resources/registry.ts'), src('layout/CrmLayout.tsx')],
        dynamicallyImportedIds: [src('resources/customers/CustomerList.tsx')],
      },
      [src('resources/registry.ts')]: {
        importedIds: [src('resources/customers/customer.entity.ts'), nodeModule('react-admin/dist/index.js')],
        dynamicallyImportedIds: [],
      },
      [src('layout/CrmLayout.tsx')]: {
        importedIds: [src('resources/registry.ts')],
        dynamicallyImportedIds: [],
      },
      [src('resources/customers/customer.entity.ts')]: { importedIds: [], dynamicallyImportedIds: [] },
      [src('resources/customers/CustomerList.tsx')]: {
        importedIds: [src('resources/generic/EntityList.tsx')],
        dynamicallyImportedIds: [],
      },
    };
    const ctx = { getModuleInfo: (id: string) => graph[id] ?? null } as unknown as ChunkingContext;
    const app = staticGraphGroup('app', src('CrmApp.tsx'));

    it('put what a root imports statically, directly or not, into one file', () => {
      expect(app(src('CrmApp.tsx'), ctx)).toBe('app');
      expect(app(src('layout/CrmLayout.tsx'), ctx)).toBe('app');
      expect(app(src('resources/customers/customer.entity.ts'), ctx)).toBe('app');
    });

    it('leave out what the root loads lazily, and the libraries (vendor and mui keep them)', () => {
      expect(app(src('resources/customers/CustomerList.tsx'), ctx)).toBeNull();
      expect(app(src('resources/generic/EntityList.tsx'), ctx)).toBeNull();
      expect(app(nodeModule('react-admin/dist/index.js'), ctx)).toBeNull();
    });

    it('are grouped below the libraries, so that a library used by our frame stays in vendor', () => {
      const priorityOf = (name: string) =>
        chunkGroups.find((group) => (typeof group.name === 'string' ? group.name : group.debugName) === name)
          ?.priority;
      expect(priorityOf('vendor')).toBeGreaterThan(priorityOf('app') ?? Infinity);
      expect(priorityOf('mui')).toBeGreaterThan(priorityOf('app') ?? Infinity);
    });
  });
});
