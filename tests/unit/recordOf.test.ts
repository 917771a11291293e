import { describe, expectTypeOf, it } from 'vitest';
import type { RecordOf } from '../../src/resources/entity';
import labelEntity from '../../src/resources/labels/label.entity';
import salesTargetEntity from '../../src/resources/salesPlanning/salesTarget.entity';

// Checked by the type checker (npm run typecheck); the test run only confirms the file compiles.
describe('RecordOf: a record type derived from its entity declaration', () => {
  it('types each declared field by its field type, nullable, beside id and version', () => {
    type Label = RecordOf<typeof labelEntity>;
    expectTypeOf<Label['id']>().toEqualTypeOf<number>();
    expectTypeOf<Label['name']>().toEqualTypeOf<string | null>();
    expectTypeOf<Label['forCustomer']>().toEqualTypeOf<boolean | null>();
    expectTypeOf<Label['dueAfterDays']>().toEqualTypeOf<number | null>();
    type Target = RecordOf<typeof salesTargetEntity>;
    expectTypeOf<Target['targetCents']>().toEqualTypeOf<number | null>();
    expectTypeOf<Target['branchId']>().toEqualTypeOf<number | null>();
    // @ts-expect-error a field the declaration does not have
    expectTypeOf<Label['nichtDa']>().toEqualTypeOf<string | null>();
  });
});
