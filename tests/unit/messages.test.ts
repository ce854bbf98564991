import { describe, expect, it } from 'vitest';
import { messageSeconds } from '../../src/domain/messages';

describe('how long a message stays (spec part 2 §8, §9)', () => {
  it('clears after 3 s on the poli and simulator screens', () => {
    for (const path of [
      '/master/poli',
      '/master/poli/12',
      '/simulator/doctors',
      '/api-simulator',
      '/simulator/poli/create',
    ])
      expect(messageSeconds(path), path).toBe(3);
  });
  it('stays 6 s everywhere else, including paths that only begin alike', () => {
    for (const path of [
      '/dashboard',
      '/master/patients',
      '/master/polish',
      '/simulatorx',
      '/logs-monitoring',
    ])
      expect(messageSeconds(path), path).toBe(6);
  });
});
