import { describe, expect, it } from 'vitest';
import { formatDate, formatDuration } from './format';
import { parseBlocks } from './markdown';

describe('the course description’s Markdown', () => {
  it('reads headings, paragraphs and both kinds of lists', () => {
    expect(parseBlocks('## หัวข้อ\n\nบรรทัดแรก\nบรรทัดสอง\n\n- หนึ่ง\n- สอง\n1. ก\n2. ข')).toEqual([
      { kind: 'heading', level: 2, text: 'หัวข้อ' },
      { kind: 'paragraph', text: 'บรรทัดแรก บรรทัดสอง' },
      { kind: 'list', ordered: false, items: ['หนึ่ง', 'สอง'] },
      { kind: 'list', ordered: true, items: ['ก', 'ข'] },
    ]);
  });

  it('keeps markup as text: nothing an editor types becomes HTML', () => {
    expect(parseBlocks('<script>alert(1)</script>')).toEqual([{ kind: 'paragraph', text: '<script>alert(1)</script>' }]);
  });
});

describe('dates and lengths', () => {
  it('shows a date in Bangkok time, Thai with the Buddhist year', () => {
    // 2026-12-29T20:00Z is 30 December 03:00 in Bangkok
    expect(formatDate('2026-12-29T20:00:00.000Z', 'th')).toBe('30 ธ.ค. 2569');
    expect(formatDate('2026-12-29T20:00:00.000Z', 'en')).toBe('30 Dec 2026');
    expect(formatDate(null, 'th')).toBeNull();
  });

  it('shows a lecture length as m:ss, h:mm:ss past an hour', () => {
    expect(formatDuration(3)).toBe('0:03');
    expect(formatDuration(125)).toBe('2:05');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(null)).toBeNull();
  });
});
