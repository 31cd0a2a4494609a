import { describe, expect, it } from 'vitest';
import { inlineParameters, sqlScript } from './sql-script';

describe('sqlScript', () => {
  it('writes parameters in as literals: text quoted and escaped, numbers, booleans and null as they are', () => {
    // pg.escapeLiteral puts a space before an E'' literal.
    expect(inlineParameters({ text: 'SELECT $1, $2, $3, $4, $5, $1', values: ["O'Brien", 42, false, null, 'back\\slash'] })).toBe(
      `SELECT 'O''Brien', 42, false, NULL,  E'back\\\\slash', 'O''Brien'`,
    );
    expect(inlineParameters({ text: 'SELECT $10, $1', values: ['a', 2, 3, 4, 5, 6, 7, 8, 9, 'ten'] })).toBe(`SELECT 'ten', 'a'`);
  });

  it('does not read a value as SQL or as another placeholder', () => {
    expect(inlineParameters({ text: 'SELECT $1, $2', values: ['$2', 'x'] })).toBe(`SELECT '$2', 'x'`);
  });

  it('refuses values without one obvious literal, and placeholders without a value', () => {
    expect(() => inlineParameters({ text: 'SELECT $1', values: [['a']] })).toThrow(/pass lists and records as JSON text/);
    expect(() => inlineParameters({ text: 'SELECT $1', values: [{ a: 1 }] })).toThrow(/pass lists and records as JSON text/);
    expect(() => inlineParameters({ text: 'SELECT $1', values: [Number.NaN] })).toThrow(TypeError);
    expect(() => inlineParameters({ text: 'SELECT $2', values: ['a'] })).toThrow(/\$2 has no value/);
  });

  it('joins statements into one script', () => {
    expect(sqlScript([{ text: 'SELECT 1' }, { text: 'SELECT $1', values: ['a'] }])).toBe(`SELECT 1;\nSELECT 'a'`);
  });
});
