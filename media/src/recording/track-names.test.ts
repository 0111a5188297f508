import { describe, expect, it } from 'vitest';
import { talkerIdentity, trackLabel } from './track-names.js';

describe('recording track names', () => {
  it('turns any display name into a safe file name', () => {
    expect(talkerIdentity({ source: 'talkback', userId: 'u1', displayName: 'Zoë ../../etc' }, 'p1')).toEqual({
      key: 'u1',
      label: 'Zoë ../../etc',
      slug: 'talker-zoe-etc',
    });
    expect(talkerIdentity({ displayName: '日本' }, 'p2')).toEqual({ key: 'p2', label: '日本', slug: 'talker-talker' });
    expect(talkerIdentity(null, 'p3').label).toBe('Talker');
  });

  it('labels a second take', () => {
    expect(trackLabel('program', 'program.ogg')).toBe('Program audio');
    expect(trackLabel('screen', 'screen-2.webm')).toBe('Screen (2)');
  });
});
