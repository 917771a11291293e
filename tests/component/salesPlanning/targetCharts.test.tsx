import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TargetCharts } from '../support/app';
import { renderInAdmin } from '../support/render';

const row = (id: number, kind: 'verkaeufer' | 'filiale', owner: string, targetCents: number) => ({
  id,
  kind,
  owner,
  productGroup: null,
  targetCents,
  actualCents: targetCents / 2,
  expectedToDateCents: targetCents / 3,
});

describe('Soll/Ist chart', () => {
  it('puts sellers and branches in charts of their own, each with a spaced legend', () => {
    renderInAdmin(
      <TargetCharts
        year={2026}
        rows={[
          row(1, 'verkaeufer', 'Victor Verkauf', 40_000_000),
          row(2, 'filiale', 'Klagenfurt', 800_000_000),
          row(3, 'verkaeufer', 'Vera Verkauf', 110_000_000),
        ]}
      />,
    );
    const sellers = screen.getByRole('region', { name: 'Verkäufer: Ziel und Ist 2026' });
    const branches = screen.getByRole('region', { name: 'Filialen: Ziel und Ist 2026' });
    expect(sellers).not.toBe(branches);
    for (const chart of [sellers, branches]) {
      expect(within(chart).getByRole('list', { name: 'Legende' }).textContent).toBe('Ziel Ist');
    }
  });

  it('leaves out a chart without rows', () => {
    renderInAdmin(<TargetCharts year={2026} rows={[row(1, 'verkaeufer', 'Victor Verkauf', 1)]} />);
    expect(screen.queryByRole('region', { name: /Filialen/ })).toBeNull();
  });
});
