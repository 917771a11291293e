import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { NpsStatisticsView } from '../../../src/resources/nps/NpsStatisticsView';
import type { NpsStatistics } from '../../../src/resources/nps/npsTypes';
import { renderInAdmin } from '../support/render';
import { apiPath, envelope, server } from '../support/server';

const figures = { count: 2, promoters: 1, passives: 0, detractors: 1, nps: 0 };
const STATISTICS: NpsStatistics = {
  overall: figures,
  months: [],
  branches: [],
  sellers: [],
  distribution: [],
  detractorComments: [],
};

describe('NPS statistics', () => {
  it('counts one answer as "1 Antwort", none and several as "Antworten"', async () => {
    server.use(http.get(apiPath('nps/statisticsv2'), () => envelope(STATISTICS)));
    renderInAdmin(<NpsStatisticsView query={{}} zone="Europe/Vienna" />);
    await screen.findByText('aus 2 Antworten');
    // Promotoren and Kritiker: one answer each; Passive: none.
    expect(screen.getAllByText('1 Antwort')).toHaveLength(2);
    expect(screen.getByText('0 Antworten')).toBeTruthy();
    expect(screen.queryByText('1 Antworten')).toBeNull();
  });
});
