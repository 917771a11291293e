import { ValidationError } from 'yup';
import { describe, expect, it } from 'vitest';
import type { FormDeclaration } from '../../src/resources/entity';
import { entitySchema } from '../../src/resources/entitySchema';
import salesTarget from '../../src/resources/salesPlanning/salesTarget.entity';
import { activeField, nameField, sortOrderField } from '../../src/resources/sharedFields';

/** Every problem of a value, by field, as the server reports them (abortEarly off). */
async function problems(form: FormDeclaration, value: object): Promise<Record<string, string[]>> {
  try {
    await entitySchema(form).validate(value, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const byField: Record<string, string[]> = {};
    for (const issue of error.inner) (byField[issue.path ?? ''] ??= []).push(issue.message);
    return byField;
  }
}

describe('field rules', () => {
  it('build the schema from the rules on the fields, with the German label in the message', async () => {
    const form: FormDeclaration = {
      name: 'probe',
      fields: [nameField(5), sortOrderField(9, 'Spalte'), activeField()],
    };
    expect(await problems(form, { name: 'lang genug', sortOrder: 10 })).toEqual({
      name: ['Name darf höchstens 5 Zeichen lang sein.'],
      sortOrder: ['Spalte darf höchstens 9 sein.'],
    });
    expect(entitySchema(form).cast({ name: 'Kurz' })).toEqual({ name: 'Kurz', sortOrder: 0, active: true });
  });

  it('refuse a field without a rule', () => {
    const form: FormDeclaration = {
      name: 'probe',
      fields: [nameField(5), { source: 'ohneRegel', label: 'X', type: 'text' }],
    };
    expect(() => entitySchema(form)).toThrow('probe: Feld "ohneRegel" hat keine Validierung.');
  });

  it('run the object rule for checks that span fields, reported on the field it names', async () => {
    const form: FormDeclaration = {
      name: 'probe',
      fields: [nameField(20), activeField()],
      schema: (_yup, object) =>
        object.test('aktivBrauchtName', function check(row: { name?: string; active?: boolean }) {
          return (
            !row.active || row.name !== 'Alt' || this.createError({ path: 'active', message: 'Nicht aktiv.' })
          );
        }),
    };
    expect(await problems(form, { name: 'Alt', active: true })).toEqual({ active: ['Nicht aktiv.'] });
    expect(await problems(form, { name: 'Alt', active: false })).toEqual({});
  });

  it('refuse an object rule that drops a declared field', () => {
    const form: FormDeclaration = {
      name: 'probe',
      fields: [nameField(20), activeField()],
      schema: (yup) => yup.object({ name: yup.string() }),
    };
    expect(() => entitySchema(form)).toThrow(/lässt das Feld "active" weg/);
  });

  it('ask a sales target for a seller or a branch, not both, not neither', async () => {
    const message = 'Verkäufer: Bitte wählen Sie entweder einen Verkäufer oder eine Filiale.';
    const target = { year: 2026, targetCents: 100, productGroupId: null };
    expect(await problems(salesTarget, target)).toEqual({ userId: [message] });
    expect(await problems(salesTarget, { ...target, userId: 1, branchId: 2 })).toEqual({ userId: [message] });
    expect(await problems(salesTarget, { ...target, branchId: 2 })).toEqual({});
  });
});
