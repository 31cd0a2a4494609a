import { describe, expect, it } from 'vitest';
import { PROJECTION_NAMES } from '@playtime/shared/contract/projections';
import { productProjections } from './product-projections';

describe('the projections the read side waits for', () => {
  it('are exactly the ones the projector builds, by the names the contract gives them', () => {
    expect(
      productProjections(null)
        .map((projection) => projection.name)
        .sort(),
    ).toEqual([...PROJECTION_NAMES].sort());
  });
});
