import { describe, expect, it } from 'vitest';
import { readCells, readRows, sheetApplicationId } from './sheet-import';

const CSV = `Contact Name,E-mail,Phone Number,Field,Street Address,ZIP,City,Number of Sub-fields,Notes
Pat Green,pat@greenfields.test,(212) 555-0100,Green Fields,9 Park Ave,10016,New York,3,Floodlit
Sam Blue,not-an-email,(212) 555-0101,Blue Park,1 Main St,1001,New York,two,
`;

describe('reading a partner spreadsheet', () => {
  it('reads CSV and HTML tables alike, matching headers by their words', () => {
    const html = `<html><body><table><thead><tr><th>Contact name</th><th>Email</th><th>Phone</th><th>Field name</th><th>Address</th><th>Zip Code</th><th>City</th><th>Sub-fields</th></tr></thead>
      <tbody><tr><td>Pat Green</td><td>pat@greenfields.test</td><td>(212) 555-0100</td><td>Green Fields</td><td>9 Park Ave</td><td>10016</td><td>New York</td><td>3</td></tr></tbody></table></body></html>`;
    const fromCsv = readRows(readCells(CSV, 'text/csv'));
    const fromHtml = readRows(readCells(html, 'text/html; charset=utf-8'));
    expect(fromCsv.ok && fromCsv.rows[0]!.form).toEqual({
      contactName: 'Pat Green',
      email: 'pat@greenfields.test',
      phone: '(212) 555-0100',
      fieldName: 'Green Fields',
      address: '9 Park Ave',
      zipCode: '10016',
      city: 'New York',
      subFields: 3,
      message: 'Floodlit',
    });
    expect(fromHtml.ok && fromHtml.rows[0]!.form).toMatchObject({
      contactName: 'Pat Green',
      subFields: 3,
      message: '',
    });
  });

  it("tells each bad row's number (the header being row 1) and every problem, in the form's words", () => {
    const read = readRows(readCells(CSV, 'text/csv'));
    expect(read.ok && read.rows[1]).toEqual({
      row: 3,
      form: null,
      problem:
        'Enter an email address like name@example.com. Zip Code must be 5 digits. Number of sub-fields is a whole number from 1 to 50.',
    });
  });

  it('refuses a sheet without the columns an application needs, naming them', () => {
    expect(readRows(readCells('Name,Email\nPat,pat@x.test\n', 'text/csv'))).toEqual({
      ok: false,
      failure:
        'The sheet has no column for "Phone", "Field name", "Address", "Zip Code", "City", "Number of sub-fields" (its header row reads: Name, Email).',
    });
    expect(() => readCells('<html><p>nothing here</p></html>', 'text/html')).toThrow('The page has no table.');
  });

  it('gives a row the same id however its email and field name are cased or spaced', () => {
    const form = {
      contactName: 'Pat',
      email: 'Pat@GreenFields.test ',
      phone: '',
      fieldName: 'Green Fields',
      address: '',
      zipCode: '',
      city: '',
      subFields: 1,
      message: '',
    };
    expect(sheetApplicationId(form)).toBe(
      sheetApplicationId({ ...form, email: 'pat@greenfields.test', fieldName: ' green fields' }),
    );
    expect(sheetApplicationId(form)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(sheetApplicationId(form)).not.toBe(sheetApplicationId({ ...form, fieldName: 'Blue Park' }));
  });
});
