import { describe, expect, it } from 'vitest';
import { chunkGroups } from '../../build/chunkGroups';

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
});
