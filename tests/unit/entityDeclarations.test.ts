import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { recordTitle, type EntityDeclaration } from '../../src/resources/entity';
import { entitySchema } from '../../src/resources/entitySchema';
import { canAccessEntity } from '../../src/resources/canAccess';
import { loadEntities } from '../../server/platform/entities/loadEntities';

const entities = await loadEntities();

describe('entity declarations', () => {
  it('are found by the server in every resource folder, each of its entity files (an area may hold several)', () => {
    // Folders such as globalSettings hold a form declaration, not an entity; articleMapping holds four.
    const entityFiles = readdirSync('src/resources', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .flatMap((d) => readdirSync(`src/resources/${d.name}`).filter((f) => f.endsWith('.entity.ts')));
    expect(entities.length).toBe(entityFiles.length);
    expect(entities.map((e) => e.name)).toEqual(
      expect.arrayContaining(['admin/labels', 'admin/reasons', 'admin/stammdaten', 'admin/custom-statuses']),
    );
  });

  it('give validation messages with the German field label', async () => {
    const labels = entities.find((e) => e.name === 'admin/labels')!;
    await expect(entitySchema(labels).validate({ color: '#ffffff' })).rejects.toThrow(
      'Name ist ein Pflichtfeld.',
    );
    await expect(entitySchema(labels).validate({ name: 'x', color: 'blau' })).rejects.toThrow(
      /Farbe muss eine Farbe/,
    );
  });

  it('refuse a declaration whose schema and fields disagree', () => {
    const base = entities[0]!;
    const broken: EntityDeclaration = { ...base, schema: (yup) => yup.object({ unbekannt: yup.string() }) };
    expect(() => entitySchema(broken)).toThrow(/unbekannt/);
  });

  it("open an entity's screens only to its area's group, and let only writers write", () => {
    const labels = entities.find((e) => e.name === 'admin/labels')!;
    const users = entities.find((e) => e.name === 'admin-benutzer/users')!;
    // Sellers read labels through the API (customer forms) but do not see the Admin area.
    expect(canAccessEntity(['APP_KUNDE'], labels, 'list')).toBe(false);
    expect(canAccessEntity(['APP_KUNDE', 'APP_ADMIN_VERKAUF'], users, 'list')).toBe(false);
    expect(canAccessEntity(['APP_ADMIN'], users, 'edit')).toBe(true);
    expect(canAccessEntity(['APP_ADMIN'], labels, 'delete')).toBe(true);
    expect(canAccessEntity([], labels, 'list')).toBe(false);
  });

  it('name each record by a declared field, so that saves and conflicts say which one ("Kunde „…“ gespeichert")', () => {
    for (const entity of entities) {
      const field = entity.fields.find((f) => f.source === entity.recordRepresentation);
      expect(field, entity.name).toBeDefined();
    }
    const customers = entities.find((e) => e.name === 'kunden')!;
    expect(recordTitle(customers, { displayName: 'Schwandke, Fiona' })).toBe('Kunde „Schwandke, Fiona“');
    // A choice by its German name; a record without a name by its kind alone.
    const activities = entities.find((e) => e.name === 'aktivitaeten')!;
    expect(recordTitle(activities, { activityType: 'aufmass' })).toBe('Aktivität „Aufmaß“');
    expect(recordTitle(customers, { displayName: '  ' })).toBe('Kunde');
  });
});
