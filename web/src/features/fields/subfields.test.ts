import { describe, expect, it } from 'vitest';
import { dialogSubFields } from './subfields';

const a = { subFieldId: 'a', name: 'Pitch A' };
const b = { subFieldId: 'b', name: 'New Subfield' };

describe('the sub-fields of the open edit dialog', () => {
  it('appends a just-added sub-field with the id the server returned, once', () => {
    expect(dialogSubFields([a], [b], new Set())).toEqual([a, b]);
    // The reload arrived: the listed copy is shown, not a second one.
    expect(dialogSubFields([a, b], [b], new Set())).toEqual([a, b]);
  });

  it('drops a just-removed sub-field before the reload arrives', () => {
    expect(dialogSubFields([a, b], [], new Set(['a']))).toEqual([b]);
    expect(dialogSubFields([a], [b], new Set(['b']))).toEqual([a]);
  });
});
