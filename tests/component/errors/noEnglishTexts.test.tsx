import { Autocomplete, TablePagination, TextField } from '@mui/material';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildCrmTheme, defaultLayoutSettings } from '../support/app';

// Words of MUI's and react-admin's English defaults that German screens must not show or announce.
const ENGLISH =
  /\b(go to|previous|next page|first page|last page|rows per page|of more than|close|open|clear|no options|loading|search|sort|delete|edit|create|save|cancel|show|hide|select|refresh|remove|actions|toggle|columns|undo)\b/i;

/** Every text and every aria-label, title and placeholder the rendered screen holds that reads English. */
function englishTexts(root: HTMLElement): string[] {
  const texts = Array.from(root.querySelectorAll('*')).flatMap((el) => [
    ...['aria-label', 'title', 'placeholder'].map((name) => el.getAttribute(name) ?? ''),
    ...Array.from(el.childNodes)
      .filter((node) => node.nodeType === 3)
      .map((node) => node.textContent ?? ''),
  ]);
  return texts.filter((text) => ENGLISH.test(text));
}

describe('no English on German screens', () => {
  it('the CRM theme gives MUI components (pager, autocomplete) their German texts', () => {
    const { container } = render(
      <ThemeProvider theme={createTheme(buildCrmTheme(defaultLayoutSettings()))}>
        <TablePagination
          component="div"
          count={120}
          page={1}
          rowsPerPage={25}
          rowsPerPageOptions={[25, 50, 100]}
          onPageChange={() => {}}
          showFirstButton
          showLastButton
        />
        <Autocomplete
          open
          options={['Graz']}
          value="Graz"
          renderInput={(params) => <TextField {...params} />}
        />
      </ThemeProvider>,
    );
    expect(englishTexts(container.ownerDocument.body)).toEqual([]);
    expect(container.textContent).toContain('Zeilen pro Seite:');
  });
});
