import { describe, expect, it } from 'vitest';
import { readJsonValueAt, readJsonValues } from './lenient-json.ts';

describe('readJsonValues', () => {
  it('reads strict JSON', () => {
    expect(readJsonValues('{"a": [1, "two", null, true]}')).toEqual([
      { a: [1, 'two', null, true] },
    ]);
  });

  it.each([
    ['trailing commas', '{"a": 1, "b": [1, 2,],}', { a: 1, b: [1, 2] }],
    ['line and block comments', '// head\n{"a": /* note */ 1}', { a: 1 }],
    ['raw control characters in strings', '{"a": "line\nbreak\ttab"}', { a: 'line\nbreak\ttab' }],
    ['single quotes and bare keys', "{a: 'x', 'b': \"y\"}", { a: 'x', b: 'y' }],
    ['missing commas', '{"a": 1 "b": 2}', { a: 1, b: 2 }],
    ['unknown escapes', '{"a": "it\\\'s \\x"}', { a: "it's x" }],
    ['bad unicode escapes', '{"a": "\\u12"}', { a: 'u12' }],
    ['NaN and undefined', '{"a": NaN, "b": undefined}', { a: null, b: null }],
    ['HTML comment wrappers', '<!-- {"a": 1} -->', { a: 1 }],
    ['CDATA wrappers', '//<![CDATA[\n{"a": 1}\n//]]>', { a: 1 }],
    ['a byte order mark', '\ufeff{"a": 1}', { a: 1 }],
    ['HTML-escaped quotes', '{&quot;a&quot;: &quot;b &amp; c&quot;}', { a: 'b & c' }],
    ['a truncated end', '{"a": {"b": [1, 2', { a: { b: [1, 2] } }],
    ['an unterminated string', '{"a": "never ends', { a: 'never ends' }],
  ])('tolerates %s', (_name, text, expected) => {
    expect(readJsonValues(text)).toEqual([expected]);
  });

  it('reads several values in a row', () => {
    expect(readJsonValues('{"a": 1}\n{"b": 2}; [3]')).toEqual([{ a: 1 }, { b: 2 }, [3]]);
  });

  it('returns nothing for text without JSON', () => {
    expect(readJsonValues('')).toEqual([]);
    expect(readJsonValues('   ')).toEqual([]);
    expect(readJsonValues('hello world')).toEqual([]);
  });

  it('never sets a prototype from a __proto__ key', () => {
    const [value] = readJsonValues('{"__proto__": {"polluted": true}, "a": 1,}') as [
      Record<string, unknown>,
    ];
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(value['polluted']).toBeUndefined();
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('reads values nested too deep as null, and goes on after them', () => {
    const deep = `${'['.repeat(100)}${']'.repeat(100)}`;
    const [value] = readJsonValues(`{"deep": ${deep}, "after": 1,}`) as [Record<string, unknown>];
    expect(value['after']).toBe(1);
    let depth = 0;
    let cursor: unknown = value['deep'];
    while (Array.isArray(cursor)) {
      cursor = cursor[0];
      depth += 1;
    }
    expect(depth).toBeLessThan(60);
  });
});

describe('readJsonValueAt', () => {
  it('reads the first object or array from a position', () => {
    const script = 'window.__STATE__ = {"a": {"b": 1}}; window.other = {"c": 2};';
    expect(readJsonValueAt(script, script.indexOf('{'))).toEqual({ a: { b: 1 } });
    expect(readJsonValueAt('no json here', 0)).toBeUndefined();
  });
});
