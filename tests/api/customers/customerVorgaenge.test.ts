import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addCustomDescriptionToPosNr,
  addEndkundeToVorgang,
  getVorgaengeForCustomer,
} from '../../../src/resources/customers/customers.endpoints';
import { resultOf, type TestApp } from '../../support/testApp';
import { customerWorkspace, SELLER, type CustomerRow } from './customerWorkspaceSetup';

describe('customer workspace: Endkunde and own position texts', () => {
  const workspace = customerWorkspace();
  const vorgaengeOf = (id: number) =>
    resultOf(t.callEndpoint(SELLER, getVorgaengeForCustomer, { params: { id } }));
  let t: TestApp;
  let customer: CustomerRow;
  beforeAll(() => {
    ({ t, customer } = workspace);
  });

  it('adds an Endkunde to a Vorgang and an own text to a position, each only at the version shown', async () => {
    const vorgaenge = await vorgaengeOf(customer.id);
    const { rows } = await sql<{ customerId: number }>`
      SELECT v.customer_id AS "customerId" FROM vorgang v JOIN beleg b ON b.vorgang_id = v.id
      JOIN beleg_position p ON p.beleg_id = b.id LIMIT 1`.execute(t.db);
    const owner = vorgaenge.length && vorgaenge[0]!.belege.length ? customer.id : rows[0]!.customerId;
    const list = await vorgaengeOf(owner);
    const vorgang = list.find((v) => v.belege.some((b) => b.positions.length))!;
    const badZip = await t.callEndpoint(SELLER, addEndkundeToVorgang, {
      body: {
        customerId: owner,
        vorgangId: vorgang.id,
        version: vorgang.version,
        endCustomer: { name: 'Familie Berger', zip: '12' },
      },
    });
    expect(badZip.status).toBe(400);
    expect(badZip.errors).toHaveProperty('zip');
    const added = await t.callEndpoint(SELLER, addEndkundeToVorgang, {
      body: {
        customerId: owner,
        vorgangId: vorgang.id,
        version: vorgang.version,
        endCustomer: { name: 'Familie Berger', zip: '9500', city: 'Villach' },
      },
    });
    expect(added.status).toBe(200);
    const again = await t.callEndpoint(SELLER, addEndkundeToVorgang, {
      body: {
        customerId: owner,
        vorgangId: vorgang.id,
        version: vorgang.version,
        endCustomer: { name: 'Doppelt' },
      },
    });
    expect(again.status).toBe(409);
    expect(again.message).toMatch(/^Der Vorgang wurde inzwischen von Test Person geändert\./);
    const position = vorgang.belege.find((b) => b.positions.length)!.positions[0]!;
    const text = await t.callEndpoint(SELLER, addCustomDescriptionToPosNr, {
      body: {
        customerId: owner,
        positionId: position.id,
        version: position.version,
        customDescription: 'Mit Insektenschutz',
      },
    });
    expect(text.result).toMatchObject({
      customDescription: 'Mit Insektenschutz',
      version: position.version + 1,
    });
    const staleText = await t.callEndpoint(SELLER, addCustomDescriptionToPosNr, {
      body: {
        customerId: owner,
        positionId: position.id,
        version: position.version,
        customDescription: 'x',
      },
    });
    expect(staleText.status).toBe(409);
    expect(staleText.message).toMatch(/^Die Position wurde inzwischen von Test Person geändert\./);
    const reread = await vorgaengeOf(owner);
    expect(reread.find((v) => v.id === vorgang.id)!.endCustomer).toMatchObject({
      name: 'Familie Berger',
      city: 'Villach',
    });
  });
});
