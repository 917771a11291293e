import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Matches a form label exactly, with or without the asterisk MUI adds to required fields. */
export const labelText = (label: string) => new RegExp(`^${escapeRegExp(label)}\\s*\\*?$`);

/** The data rows of the list table, once the API's rows have arrived. */
export async function listRows(count: number): Promise<HTMLElement[]> {
  return waitFor(() => {
    const rows = Array.from(document.querySelectorAll<HTMLElement>('tbody tr'));
    expect(rows).toHaveLength(count);
    return rows;
  });
}

/** The texts of the table's column headers. */
export const columnHeaders = () =>
  screen.getAllByRole('columnheader').map((cell) => cell.textContent?.trim());

const labelOf = (row: HTMLElement) => row.querySelector('.RaLabeled-label')?.textContent?.trim() ?? '';

/** The labelled values of a show page, by their label: the rows of react-admin's `<SimpleShowLayout>`. */
export async function labelledValues(): Promise<Map<string, HTMLElement>> {
  const rows = await waitFor(() => {
    // Rows without a label hold no value (the breadcrumb helper).
    const found = Array.from(document.querySelectorAll<HTMLElement>('.RaSimpleShowLayout-row')).filter(
      labelOf,
    );
    expect(found.length).toBeGreaterThan(0);
    return found;
  });
  return new Map(rows.map((row) => [labelOf(row), row]));
}

export { within };
