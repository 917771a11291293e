import { describe, expect, it } from 'vitest';
import { SYSTEM_FIELDS } from '../../src/resources/entity';
import labelEntity from '../../src/resources/labels/label.entity';
import { LabelRecordSchema } from '../../src/resources/labels/labelTypes';

describe('LabelRecord', () => {
  it('has exactly the label entity’s fields besides id and version, so no screen types a label by hand', () => {
    const declared = ['id', 'version', ...labelEntity.fields.map((field) => field.source)];
    expect(Object.keys(LabelRecordSchema.properties).sort()).toEqual(declared.sort());
    expect(SYSTEM_FIELDS).toEqual(expect.arrayContaining(['id', 'version']));
  });
});
