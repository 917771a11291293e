import Type from 'typebox';
import { NullableInteger, Version } from '../../api/schemas';

/**
 * A label as admin/labels (label.entity.ts) answers it: the one record type of the screens that read labels
 * (customer chips, the customer's label editor, the Vorgang's labels). tests/unit/labelTypes.test.ts keeps its
 * properties equal to the entity's fields.
 */
export const LabelRecordSchema = Type.Object({
  id: Type.Integer(),
  version: Version(),
  name: Type.String(),
  color: Type.String(),
  forCustomer: Type.Boolean(),
  forVorgang: Type.Boolean(),
  /** Days after which a label put on a Vorgang is due; null: never due. */
  dueAfterDays: NullableInteger(),
  active: Type.Boolean(),
});
export type LabelRecord = Type.Static<typeof LabelRecordSchema>;
