import { ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { loadFixture } from './fixtures.js';
import { loadPageFixture, PAGE_FIXTURES, type PageFixtureName } from './page-fixtures.js';

describe('loadPageFixture', () => {
  it.each(PAGE_FIXTURES)('reads %s.html from fixtures/pages', (name) => {
    const html = loadPageFixture(name);
    expect(html).toBe(loadFixture(`pages/${name}.html`));
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('Northwind Robotics');
  });

  it.each(['company-blog', '../openai-chat/text', '', 42])(
    'rejects %j with a ValidationError naming the argument',
    (name) => {
      expect(() => loadPageFixture(name as PageFixtureName)).toThrow(ValidationError);
      expect(() => loadPageFixture(name as PageFixtureName)).toThrow(/name/);
    },
  );
});
