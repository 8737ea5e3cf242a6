import { describe, expect, it } from 'vitest';
import { createTranslator, interpolate, lookup, readNamespace } from './index.ts';

describe('the translations’ loader', () => {
  it('reads a namespace of the package, and finds a string by its dotted key', () => {
    const checkout = readNamespace('en', 'checkout');
    expect(lookup(checkout, 'pay.title')).toBe('Payment');
    expect(lookup(checkout, 'pay')).toBeUndefined();
    expect(lookup(checkout, 'pay.title.more')).toBeUndefined();
    expect(() => readNamespace('de', 'checkout')).toThrow();
  });

  it('fills {{placeholders}} once, as they are, and refuses one without a value', () => {
    expect(interpolate('Hello {{firstName}}, {{ count }} left', { firstName: 'Zoë', count: 2 })).toBe(
      'Hello Zoë, 2 left',
    );
    expect(interpolate('{{a}}', { a: '{{b}} $& <b>' })).toBe('{{b}} $& <b>');
    expect(() => interpolate('Hello {{firstName}}')).toThrow(/firstName/);
  });

  it('says a typed key in each language and throws on a key it does not have', () => {
    const say = createTranslator({
      fr: { hello: { named: 'Bonjour {{name}},' } },
      en: { hello: { named: 'Hello {{name}},' } },
    });
    expect(say('fr')('hello.named', { name: 'Ali' })).toBe('Bonjour Ali,');
    expect(say('en')('hello.named', { name: 'Ali' })).toBe('Hello Ali,');
    // @ts-expect-error: not a key of the namespace
    expect(() => say('en')('hello.unknown')).toThrow(/en:hello.unknown/);
  });
});
