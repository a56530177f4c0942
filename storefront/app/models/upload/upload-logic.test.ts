import { describe, expect, it } from 'vitest';
import { addFiles, gridColumns, hasAllowedContent, isFull, refusalFor, removeAt, savedFiles, toSavePlan, wrapIndex, type AddedFile, type UploadValue } from './upload-logic';

const saved = (fileId: number) => ({ fileId, url: `/uploads/${fileId}.png`, name: `${fileId}.png`, mime: 'image/png' });
const added = (name: string): AddedFile<string> => ({ kind: 'added', key: `added-${name}`, file: `file:${name}`, url: `blob:${name}`, name, mime: 'image/png' });
const start = (...ids: number[]) => savedFiles(ids.map(saved)) as UploadValue<string>;

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const WEBP = new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBP');
const HTML = new TextEncoder().encode('<!doctype ht');
const MP4 = Uint8Array.from([0, 0, 0, 0x20, ...new TextEncoder().encode('ftypisom')]);

describe('wrapIndex', () => {
  it('moves forward and back within the list', () => {
    expect(wrapIndex(0, 1, 3)).toBe(1);
    expect(wrapIndex(2, -1, 3)).toBe(1);
  });
  it('wraps from the last picture to the first and from the first to the last', () => {
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(0, -1, 3)).toBe(2);
  });
  it('stays on the only picture', () => {
    expect(wrapIndex(0, 1, 1)).toBe(0);
    expect(wrapIndex(0, -1, 1)).toBe(0);
  });
});

describe('fileList and deleteFileList', () => {
  it('a saved picture taken out of the list is remembered for deletion on save', () => {
    const { value, removed } = removeAt(start(1, 2, 3), 1);
    expect(removed).toMatchObject({ kind: 'saved', fileId: 2 });
    expect(value.fileList.map((item) => (item.kind === 'saved' ? item.fileId : item.name))).toEqual([1, 3]);
    expect(value.deleteFileList.map((item) => item.fileId)).toEqual([2]);
  });

  it('a file chosen and removed before saving is dropped, not deleted', () => {
    const withNew = addFiles(start(1), [added('a.png')]).value;
    const { value } = removeAt(withNew, 1);
    expect(value.fileList).toHaveLength(1);
    expect(value.deleteFileList).toEqual([]);
  });

  it('the save keeps saved pictures by id and new files by position, in the list order, and deletes the removed ones', () => {
    let value = addFiles(start(1, 2), [added('a.png'), added('b.png')]).value;
    value = removeAt(value, 0).value; // saved 1 out
    expect(toSavePlan(value)).toEqual({
      keep: [{ fileId: 2 }, { added: 0 }, { added: 1 }],
      deleted: [1],
      files: ['file:a.png', 'file:b.png'],
    });
  });

  it('an untouched list saves as it was', () => {
    expect(toSavePlan(start(4, 5))).toEqual({ keep: [{ fileId: 4 }, { fileId: 5 }], deleted: [], files: [] });
  });
});

describe('limitFile', () => {
  it('adds only as many files as fit and says which were left out', () => {
    const { value, leftOut } = addFiles(start(1), [added('a.png'), added('b.png'), added('c.png')], 3);
    expect(value.fileList.map((item) => item.name)).toEqual(['1.png', 'a.png', 'b.png']);
    expect(leftOut.map((item) => item.name)).toEqual(['c.png']);
    expect(isFull(value, 3)).toBe(true);
  });

  it('with a limit of one a new file replaces the saved one, which is deleted on save', () => {
    const { value, leftOut } = addFiles(start(7), [added('new.png'), added('other.png')], 1);
    expect(value.fileList.map((item) => item.name)).toEqual(['new.png']);
    expect(value.deleteFileList.map((item) => item.fileId)).toEqual([7]);
    expect(leftOut.map((item) => item.name)).toEqual(['other.png']);
    expect(isFull(value, 1)).toBe(false);
  });

  it('without a limit every file is added', () => {
    const { value, leftOut } = addFiles(start(), [added('a.png'), added('b.png')]);
    expect(value.fileList).toHaveLength(2);
    expect(leftOut).toEqual([]);
    expect(isFull(value)).toBe(false);
  });
});

describe('refusals', () => {
  const file = (name: string, type: string, head: Uint8Array, size = 1000) => ({ name, type, head, size });

  it('accepts pictures whose name, type and first bytes agree', () => {
    expect(refusalFor([file('a.png', 'image/png', PNG), file('b.JPG', 'image/jpeg', JPEG), file('c.webp', 'image/webp', WEBP)], 'image', 10)).toBeNull();
  });

  it('refuses a PHP file, an HTML page renamed .png and a double extension', () => {
    expect(refusalFor([file('shell.php', 'application/x-php', HTML)], 'image', null)).toBe('FILE_TYPE_NOT_ALLOWED');
    expect(refusalFor([file('page.png', 'image/png', HTML)], 'image', null)).toBe('FILE_TYPE_NOT_ALLOWED');
    expect(refusalFor([file('a.php.png', 'image/png', PNG)], 'image', null)).toBe('FILE_TYPE_NOT_ALLOWED');
  });

  it('checks every chosen file, not only the first', () => {
    expect(refusalFor([file('a.png', 'image/png', PNG), file('b.png', 'image/png', HTML)], 'image', null)).toBe('FILE_TYPE_NOT_ALLOWED');
  });

  it('keeps videos and pictures apart', () => {
    expect(refusalFor([file('clip.mp4', 'video/mp4', MP4)], 'video', null)).toBeNull();
    expect(refusalFor([file('clip.mp4', 'video/mp4', MP4)], 'image', null)).toBe('FILE_TYPE_NOT_ALLOWED');
    expect(refusalFor([file('a.png', 'image/png', PNG)], 'video', null)).toBe('FILE_TYPE_NOT_ALLOWED');
    expect(hasAllowedContent(MP4, 'video')).toBe(true);
  });

  it('is out of storage when the chosen files do not fit in the free gigabytes', () => {
    const gigabyte = 1073741824;
    expect(refusalFor([file('a.png', 'image/png', PNG, gigabyte / 2)], 'image', 1)).toBeNull();
    expect(refusalFor([file('a.png', 'image/png', PNG, gigabyte / 2), file('b.png', 'image/png', PNG, gigabyte / 2)], 'image', 1)).toBe('OUT_OF_STORAGE');
    expect(refusalFor([file('a.png', 'image/png', PNG, 10)], 'image', 0)).toBe('OUT_OF_STORAGE');
  });

  it('skips the storage check when the free space is unknown', () => {
    expect(refusalFor([file('a.png', 'image/png', PNG, 10)], 'image', null)).toBeNull();
  });
});

describe('gridColumns', () => {
  it("keeps the caller's 1 to 4 columns within bounds", () => {
    expect(gridColumns()).toBe(4);
    expect(gridColumns(1)).toBe(1);
    expect(gridColumns(3)).toBe(3);
    expect(gridColumns(0)).toBe(1);
    expect(gridColumns(9)).toBe(4);
  });
});
