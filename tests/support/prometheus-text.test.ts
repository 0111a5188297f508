import { describe, expect, it } from 'vitest';
import { parsePrometheusText, sampleSum, sampleValue } from './prometheus-text.js';

// The reader the /metrics tests rely on must refuse what Prometheus would refuse.
describe('parsePrometheusText', () => {
  const text = [
    '# HELP rooms Rooms active.',
    '# TYPE rooms gauge',
    'rooms 2',
    '# TYPE peers gauge',
    'peers{tier="sfu",role="viewer"} 3',
    'peers{tier="relay",role="viewer"} 1',
    '# TYPE took histogram',
    'took_bucket{le="0.1",route="/a \\"b\\""} 4',
    'took_bucket{le="+Inf",route="/a \\"b\\""} 5',
    'took_sum{route="/a \\"b\\""} 0.3',
    'took_count{route="/a \\"b\\""} 5',
    '# TYPE lag gauge',
    'lag Nan',
    '',
  ].join('\n');

  it('reads families, labels (escapes included), histograms and special values', () => {
    const families = parsePrometheusText(text);
    expect(families.get('rooms')).toMatchObject({ type: 'gauge', help: 'Rooms active.' });
    expect(sampleValue(families, 'rooms')).toBe(2);
    expect(sampleSum(families, 'peers')).toBe(4);
    expect(sampleValue(families, 'took_bucket', { le: '+Inf', route: '/a "b"' })).toBe(5);
    expect(sampleValue(families, 'lag')).toBeNaN();
  });

  it.each([
    ['a sample of no declared family', 'other 1'],
    ['a bad value', '# TYPE rooms gauge\nrooms two'],
    ['an unquoted label', '# TYPE peers gauge\npeers{tier=sfu} 1'],
    ['a repeated label', '# TYPE peers gauge\npeers{tier="a",tier="b"} 1'],
    ['a histogram sample without its suffix', '# TYPE took histogram\ntook 1'],
    ['an unknown type', '# TYPE rooms meter'],
  ])('refuses %s', (_what, bad) => {
    expect(() => parsePrometheusText(bad)).toThrow(/metrics line/);
  });
});
