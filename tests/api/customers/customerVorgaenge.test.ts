import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/testApp';
import { customerWorkspace, SELLER, type CustomerRow, type Row } from './customerWorkspaceSetup';

describe('customer workspace: Endkunde and own position texts', () => {
  const workspace = customerWorkspace();
  const { get } = workspace;
  let t: TestApp;
  let customer: CustomerRow;
  beforeAll(() => {
    ({ t, customer } = workspace);
  });

  it('adds an Endkunde to a Vorgang and an own text to a position, each only at the version shown', async () => {
    const vorgaenge = (await get(`/api/kunde/getVorgaengeForCustomer/${customer.id}`)) as unknown as (Row & {
      id: number;
      version: number;
      belege: { positions: { id: number; version: number }[] }[];
    })[];
    const { rows } = await sql<{ customerId: number }>`
      SELECT v.customer_id AS "customerId" FROM vorgang v JOIN beleg b ON b.vorgang_id = v.id
      JOIN beleg_position p ON p.beleg_id = b.id LIMIT 1`.execute(t.db);
    const owner = vorgaenge.length && vorgaenge[0]!.belege.length ? customer.id : rows[0]!.customerId;
    const list = (await get(`/api/kunde/getVorgaengeForCustomer/${owner}`)) as unknown as typeof vorgaenge;
    const vorgang = list.find((v) => v.belege.some((b) => b.positions.length))!;
    const badZip = await t.call(SELLER, {
      method: 'POST',
      url: '/api/kunde/addEndkundeToVorgang',
      payload: {
        customerId: owner,
        vorgangId: vorgang.id,
        version: vorgang.version,
        endCustomer: { name: 'Familie Berger', zip: '12' },
      },
    });
    expect(badZip.status).toBe(400);
    expect(badZip.body.result.errors).toHaveProperty('zip');
    const added = await t.call(SELLER, {
      method: 'POST',
      url: '/api/kunde/addEndkundeToVorgang',
      payload: {
        customerId: owner,
        vorgangId: vorgang.id,
        version: vorgang.version,
        endCustomer: { name: 'Familie Berger', zip: '9500', city: 'Villach' },
      },
    });
    expect(added.status).toBe(200);
    const again = await t.call(SELLER, {
      method: 'POST',
      url: '/api/kunde/addEndkundeToVorgang',
      payload: {
        customerId: owner,
        vorgangId: vorgang.id,
        version: vorgang.version,
        endCustomer: { name: 'Doppelt' },
      },
    });
    expect(again.status).toBe(409);
    expect(again.body.result.message).toMatch(/^Der Vorgang wurde inzwischen von Test Person geändert\./);
    const position = vorgang.belege.find((b) => b.positions.length)!.positions[0]!;
    const text = await t.call(SELLER, {
      method: 'POST',
      url: '/api/kunde/addCustomDescriptionToPosNr',
      payload: {
        customerId: owner,
        positionId: position.id,
        version: position.version,
        customDescription: 'Mit Insektenschutz',
      },
    });
    expect(text.body.result).toMatchObject({
      customDescription: 'Mit Insektenschutz',
      version: position.version + 1,
    });
    const staleText = await t.call(SELLER, {
      method: 'POST',
      url: '/api/kunde/addCustomDescriptionToPosNr',
      payload: {
        customerId: owner,
        positionId: position.id,
        version: position.version,
        customDescription: 'x',
      },
    });
    expect(staleText.status).toBe(409);
    expect(staleText.body.result.message).toMatch(
      /^Die Position wurde inzwischen von Test Person geändert\./,
    );
    const reread = (await get(`/api/kunde/getVorgaengeForCustomer/${owner}`)) as unknown as (Row & {
      id: number;
      endCustomer: Row | null;
    })[];
    expect(reread.find((v) => v.id === vorgang.id)!.endCustomer).toMatchObject({
      name: 'Familie Berger',
      city: 'Villach',
    });
  });
});
