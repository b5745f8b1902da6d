import { describe, expect, it } from 'vitest';
import { redactArguments } from './redact-arguments.js';

describe('redactArguments', () => {
  it('replaces top-level keys and dotted paths, leaves the rest and absent paths alone', () => {
    expect(
      redactArguments('{"to":"a","pin":"1","card":{"number":"4111","exp":"12/30"}}', [
        'pin',
        'card.number',
        'missing',
        'to.deeper',
      ]),
    ).toBe('{"to":"a","pin":"[REDACTED]","card":{"number":"[REDACTED]","exp":"12/30"}}');
  });
  it('returns the text as it was without paths; redacts whole what is not a JSON object', () => {
    expect(redactArguments('{"a":1}', undefined)).toBe('{"a":1}');
    expect(redactArguments('not json', ['a'])).toBe('"[REDACTED]"');
    expect(redactArguments('[1]', ['a'])).toBe('"[REDACTED]"');
  });
});
