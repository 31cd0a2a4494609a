import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { addFieldBody, addSubFieldBody, venueSearchQuery } from './fields';
import { addGameBody, addRegularBody } from './games';
import { partnerApplicationBody } from './partners';
import { checkoutRequestSchema } from './payments';
import {
  formText,
  requiredId,
  singleLineText,
  singleLineTextProblem,
  storableText,
  unstorableTextProblem,
} from './text';
import { balanceBody, editUserBody } from './users';

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

describe('single-line names (issue #41: a nickname with a line break put a Bcc: line into a mail)', () => {
  const injected = 'E\r\nBcc: a@evil.test';
  const refusal = (label: string) => `${label} must be one line: no line breaks, tabs or other control characters.`;

  it('refuses CR, LF, tab and every other control character, with a message naming the input', () => {
    for (const text of [injected, 'a\nb', 'a\rb', 'a\tb', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'a\u2028b']) {
      expect(messagesOf(singleLineText('Nickname').safeParse(text)), JSON.stringify(text)).toEqual([
        refusal('Nickname'),
      ]);
      expect(singleLineTextProblem(text, 'Nickname')).toBe(refusal('Nickname'));
    }
    for (const text of ['Riverside Park', '⚽ Pitch 😀', 'Zürich Straße', "O'Brien-Smith", ''])
      expect(singleLineText('name').safeParse(text)).toEqual({ success: true, data: text });
  });

  it('is what every schema with a single-line name uses', () => {
    const cases: Array<[schema: z.ZodType, body: Record<string, unknown>, input: string, label: string]> = [
      [editUserBody, { username: injected }, 'username', 'username'],
      [balanceBody, { name: injected }, 'name', 'name'],
      [addSubFieldBody, { masterFieldId: 'f1', name: injected }, 'name', 'Sub-field name'],
      [venueSearchQuery, { name: `Riverside${injected}` }, 'name', 'A venue name'],
      [addRegularBody, { gameId: 'g1', username: injected }, 'username', 'Username'],
      [addGameBody, { subFieldId: 's1', holdId: 'h1', name: injected }, 'name', 'Game name'],
      [checkoutRequestSchema, { price: 0, name: injected, purpose: {} }, 'name', 'name'],
    ];
    for (const field of ['name', 'address', 'zipCode', 'city'] as const)
      cases.push([addFieldBody, { ...fieldForm, [field]: injected }, field, FIELD_LABELS[field]]);
    for (const field of ['contactName', 'email', 'phone', 'fieldName', 'address', 'zipCode', 'city'] as const)
      cases.push([partnerApplicationBody, { [field]: injected }, field, PARTNER_LABELS[field]]);
    for (const [schema, body, input, label] of cases) {
      const issues = schema.safeParse(body).error?.issues ?? [];
      expect(issues.find((issue) => issue.path[0] === input)?.message, `${input} of ${JSON.stringify(body)}`).toBe(
        refusal(label),
      );
    }
  });
});

const fieldForm = {
  name: 'Riverside',
  address: '1 Riverside Dr',
  zipCode: '10001',
  city: 'New York',
  price: 45,
  description: 'Two lines\nare fine here.',
  picture: '',
};
const FIELD_LABELS = { name: 'Field name', address: 'Street address', zipCode: 'Zip Code', city: 'City' };
const PARTNER_LABELS = {
  contactName: 'Contact name',
  email: 'Email',
  phone: 'Phone',
  fieldName: 'Field name',
  address: 'Street address',
  zipCode: 'Zip Code',
  city: 'City',
};
