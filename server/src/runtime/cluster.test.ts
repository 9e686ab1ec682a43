import { describe, expect, it } from 'vitest';
import { instancesWanted } from './cluster.ts';

describe('instancesWanted', () => {
  it('reads `npm start -- --instances N` (either spelling) over INSTANCES', () => {
    expect(instancesWanted({ INSTANCES: 0 }, ['node', 'main.ts', '--instances', '3'])).toBe(3);
    expect(instancesWanted({ INSTANCES: 5 }, ['node', 'main.ts', '--instances=2'])).toBe(2);
    expect(instancesWanted({ INSTANCES: 4 }, ['node', 'main.ts'])).toBe(4);
  });

  it('refuses a count it cannot read rather than starting one process', () => {
    expect(() => instancesWanted({ INSTANCES: 0 }, ['node', 'main.ts', '--instances'])).toThrow(
      /--instances/,
    );
    expect(() => instancesWanted({ INSTANCES: 0 }, ['node', 'main.ts', '--instances=two'])).toThrow(
      /--instances/,
    );
  });
});
