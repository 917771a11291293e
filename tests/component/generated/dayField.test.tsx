import { render, screen } from '@testing-library/react';
import { RecordContextProvider } from 'react-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FieldDisplay } from '../../../src/resources/generic/FieldDisplay';
import { ClientConfigProvider, type ClientConfig, type FieldDeclaration } from '../support/app';

const field = (source: string) => ({ source, label: source, type: 'date' }) as FieldDeclaration;

function renderDay(tenant: 'strussnig' | 'rekord', value: string) {
  render(
    <ClientConfigProvider config={{ tenant } as ClientConfig}>
      <RecordContextProvider value={{ id: 1, day: value }}>
        <span data-testid="day">
          <FieldDisplay field={field('day')} />
        </span>
      </RecordContextProvider>
    </ClientConfigProvider>,
  );
  return screen.getByTestId('day').textContent;
}

// A browser far west of the company: its own day is still yesterday when Vienna's has begun.
const browserZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = browserZone;
});

describe('a date column shows the company’s day', () => {
  it('an instant: the day it falls on in the tenant’s zone, not the browser’s (00:30 in Vienna, DST night)', () => {
    expect(renderDay('strussnig', '2026-03-29T22:30:00Z')).toBe('30.03.2026');
  });

  it('a calendar day: as it is, whatever the browser’s zone', () => {
    expect(renderDay('rekord', '2026-03-30')).toBe('30.03.2026');
  });
});
