import { describe, expect, it } from 'vitest';
import {
  KEY_BATCH_SIZE,
  addUploadResult,
  firstCsvCell,
  parseKeyFile,
  parseKeyLines,
  toBatches,
} from './key-upload.ts';

describe('parseKeyLines', () => {
  it('splits on any line ending, trims and drops empty lines', () => {
    expect(parseKeyLines('\uFEFF AAAAA-11111 \r\nBBBBB-22222\n\n   \rCCCCC-33333\n')).toEqual([
      'AAAAA-11111',
      'BBBBB-22222',
      'CCCCC-33333',
    ]);
  });

  it('keeps repeated codes: the server counts them as duplicates', () => {
    expect(parseKeyLines('AAAAA\nAAAAA')).toEqual(['AAAAA', 'AAAAA']);
  });

  it('finds no codes in blank text', () => {
    expect(parseKeyLines(' \n\t\n')).toEqual([]);
  });
});

describe('firstCsvCell', () => {
  it.each([
    ['AAAAA-11111,Steam,2024', 'AAAAA-11111'],
    ['AAAAA-11111;Steam', 'AAAAA-11111'],
    ['AAAAA-11111\tSteam', 'AAAAA-11111'],
    ['  AAAAA-11111  ', 'AAAAA-11111'],
    ['"AAAAA-11111","Steam, PC"', 'AAAAA-11111'],
    ['" AA""A,1 ",x', 'AA"A,1'],
    [',Steam', ''],
  ])('reads %j as %j', (line, cell) => {
    expect(firstCsvCell(line)).toBe(cell);
  });
});

describe('parseKeyFile', () => {
  it('takes the first column of each line and drops empty ones', () => {
    const csv = '\uFEFFAAAAA-11111,Steam\r\n"BBBBB-22222",Epic\r\n,no code\r\n\r\nCCCCC-33333\r\n';
    expect(parseKeyFile(csv)).toEqual(['AAAAA-11111', 'BBBBB-22222', 'CCCCC-33333']);
  });

  it('reads a plain TXT file as one code per line', () => {
    expect(parseKeyFile('AAAAA\nBBBBB\n')).toEqual(['AAAAA', 'BBBBB']);
  });
});

describe('toBatches', () => {
  it('cuts codes into batches of 500 by default, the last one shorter', () => {
    const codes = Array.from({ length: 1201 }, (_, i) => `CODE${i}`);
    const batches = toBatches(codes);
    expect(KEY_BATCH_SIZE).toBe(500);
    expect(batches.map((batch) => batch.length)).toEqual([500, 500, 201]);
    expect(batches.flat()).toEqual(codes);
  });

  it('makes exact batches and none for no codes', () => {
    expect(toBatches(['A', 'B', 'C', 'D'], 2)).toEqual([
      ['A', 'B'],
      ['C', 'D'],
    ]);
    expect(toBatches([])).toEqual([]);
  });

  it('refuses a batch size below 1', () => {
    expect(() => toBatches(['A'], 0)).toThrow(RangeError);
  });
});

describe('addUploadResult', () => {
  it('sums the counts and keeps the latest stock', () => {
    const first = addUploadResult(undefined, { accepted: 3, duplicates: 1, rejected: 0, stock: 3 });
    expect(addUploadResult(first, { accepted: 2, duplicates: 0, rejected: 4, stock: 5 })).toEqual({
      accepted: 5,
      duplicates: 1,
      rejected: 4,
      stock: 5,
    });
  });
});
