import { describe, expect, it } from 'vitest';
import { escapeHtmlText, logLines, logText, quoted, quotedList, withoutXmlForbidden } from '../../../src/shared/text.ts';

describe('withoutXmlForbidden', () => {
  it('removes C0 controls but tab, LF and CR, U+FFFE, U+FFFF and lone surrogates, and keeps pairs', () => {
    expect(withoutXmlForbidden('a\u0000b\u0001c\u0008d\u000Be\u000Cf\u001Fg\tTAB\nLF\rCR')).toBe('abcdefg\tTAB\nLF\rCR');
    expect(withoutXmlForbidden('x\uFFFEy\uFFFFz')).toBe('xyz');
    expect(withoutXmlForbidden('lone \uD800 high, lone \uDC00 low, pair \uD83D\uDE00')).toBe('lone  high, lone  low, pair 😀');
    expect(withoutXmlForbidden('\uDC00\uD800')).toBe('');
  });
});

describe('escapeHtmlText', () => {
  it('escapes &, < and >, so the text stays text', () => {
    expect(escapeHtmlText(`press <Tab> & "go"`)).toBe('press &lt;Tab&gt; &amp; "go"');
  });
});

describe('logText', () => {
  it('keeps a value on one line: control characters, newlines and ANSI escapes go', () => {
    expect(logText('title\n::error title=x::pwned')).toBe('title ::error title=x::pwned');
    expect(logText('red \u001b[31mtext\u001b[0m and a link \u001b]8;;https://x\u0007y\u001b]8;;\u0007')).toBe('red text and a link y');
    expect(logText('a\r\nb\u2028c\u0085d\u202Ee')).toBe('a  b c d e');
  });

  it('breaks up a leading workflow command and the older ##[ form', () => {
    expect(logText('::error::pwned')).toBe(': :error::pwned');
    expect(logText('  ::warning::x')).toBe('  : :warning::x');
    expect(logText('text ##[error]x')).toBe('text # #[error]x');
  });

  it('cuts a long value and says how much is left out', () => {
    expect(logText('x'.repeat(1000), 10)).toBe('xxxxxxxxxx… (990 more characters)');
  });
});

describe('logLines', () => {
  it('keeps the lines of a message, each made safe', () => {
    expect(logLines('first\n::error::x\r\n\u001b[1mbold\u001b[0m')).toBe('first\n: :error::x\nbold');
  });
});

describe('quoted', () => {
  it('names a value JSON-quoted, so invisible characters show', () => {
    expect(quoted('a\u0000b "c"')).toBe('"a\\u0000b \\"c\\""');
    expect(quotedList(['a', 'b', 'c'], 2)).toBe('"a", "b" and 1 more');
  });
});
