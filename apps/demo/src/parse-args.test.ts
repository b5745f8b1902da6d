import { describe, expect, it } from 'vitest';
import { parseDemoArgs, UsageError } from './parse-args.js';

describe('parseDemoArgs', () => {
  it('reads every flag', () => {
    expect(parseDemoArgs([])).toEqual({
      json: false,
      devtools: false,
      approve: false,
      streamObject: false,
      help: false,
    });
    expect(
      parseDemoArgs([
        '--provider',
        'gemini',
        '--model',
        'gemini-2.5-pro',
        '--prompt',
        'Hi?',
        '--json',
        '--devtools',
        '--approve',
        '--stream-object',
      ]),
    ).toEqual({
      provider: 'gemini',
      model: 'gemini-2.5-pro',
      prompt: 'Hi?',
      json: true,
      devtools: true,
      approve: true,
      streamObject: true,
      help: false,
    });
    expect(parseDemoArgs(['--prompt=a b', '-h'])).toMatchObject({ prompt: 'a b', help: true });
    expect(parseDemoArgs(['--', '--json'])).toEqual({
      json: true,
      devtools: false,
      approve: false,
      streamObject: false,
      help: false,
    });
  });

  it.each([
    [
      ['--provider', 'claude'],
      '--provider must be one of openai, gemini, anthropic, fake; got "claude"',
    ],
    [['--model', ' '], '--model cannot be empty'],
    [['--verbose'], "Unknown option '--verbose'"],
    [['extra'], 'Unexpected argument'],
    [['--prompt'], "Option '--prompt <value>' argument missing"],
  ])('rejects %j', (argv, message) => {
    expect(() => parseDemoArgs(argv)).toThrow(UsageError);
    expect(() => parseDemoArgs(argv)).toThrow(message);
  });
});
