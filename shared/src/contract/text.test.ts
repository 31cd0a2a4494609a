import { describe, expect, it } from 'vitest';
import { addFieldBody } from './fields';
import { formText, requiredId, storableText, unstorableTextProblem } from './text';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('storable text (what PostgreSQL can keep)', () => {
  it('refuses the NUL character with a message naming the value', () => {
    expect(unstorableTextProblem('a\u0000b', 'Field name')).toBe(
      'Field name must not contain the NUL character (\\u0000).',
    );
    expect(messagesOf(storableText('bio').safeParse('\u0000'))).toEqual([
      'bio must not contain the NUL character (\\u0000).',
    ]);
  });

  it('refuses an unpaired UTF-16 surrogate, high or low, anywhere in the text', () => {
    for (const text of ['\uD800', 'a\uDBFFb', '\uDC00', 'x\uDFFF', '\uDE00\uD83D']) {
      expect(messagesOf(requiredId('fieldId').safeParse(text)), JSON.stringify(text)).toEqual([
        'fieldId contains a broken character (an unpaired UTF-16 surrogate); send valid Unicode text.',
      ]);
    }
  });

  it('keeps every well-formed text, emoji (surrogate pairs) and other scripts included', () => {
    for (const text of ['Riverside Park', '⚽ Pitch 😀', 'Zürich Straße', '東京', '']) {
      expect(storableText('name').safeParse(text)).toEqual({ success: true, data: text });
    }
  });

  it('reads a missing form text as empty, and an id as required', () => {
    expect(formText('City').parse(null)).toBe('');
    expect(formText('City').parse(undefined)).toBe('');
    expect(messagesOf(requiredId('fieldId').safeParse(undefined))).toEqual(['fieldId is required']);
    expect(messagesOf(requiredId('fieldId').safeParse('  '))).toEqual(['fieldId is required']);
    expect(messagesOf(storableText('name').safeParse(42))).toEqual(['name must be text']);
  });

  it('is what the form schemas use: a NUL in any input names that input', () => {
    const form = {
      name: 'Riverside',
      address: '1 Riverside Dr',
      zipCode: '10001',
      city: 'New York',
      price: 45,
      description: 'ok',
      picture: '',
    };
    for (const input of ['name', 'address', 'city', 'description', 'picture'] as const) {
      const result = addFieldBody.safeParse({ ...form, [input]: 'bad\u0000' });
      expect(result.success, input).toBe(false);
      expect(result.error!.issues[0]!.path, input).toEqual([input]);
    }
  });
});
