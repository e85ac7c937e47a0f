import { describe, expect, it } from 'vitest';
import { MESSAGE_LENGTH, parseErrorBody } from '../../../src/portal/error-body.ts';

describe('parseErrorBody', () => {
  it('reads the declared shape, with its issues', () => {
    const body = parseErrorBody(JSON.stringify({ message: 'Invalid input', code: 'validation_error', issues: [{ message: 'take must be ≤ 100' }] }));
    expect(body).toMatchObject({ message: 'Invalid input (take must be ≤ 100)', code: 'validation_error', requestId: undefined });
  });

  it('reads the authentication / rate-limit shape with its request id', () => {
    const body = parseErrorBody(JSON.stringify({ error: { code: 'rate_limited', message: 'Slow down', details: { limit: 1000, window: '1m' }, request_id: 'req_1' } }));
    expect(body).toEqual({ message: 'Slow down', code: 'rate_limited', requestId: 'req_1', details: { limit: 1000, window: '1m' } });
  });

  it('turns an HTML error page into one short line', () => {
    const body = parseErrorBody('<html><head><style>p{}</style><title>502</title></head><body><h1>Bad   Gateway</h1></body></html>');
    expect(body.message).toBe('502 Bad Gateway');
    expect(body.code).toBeUndefined();
  });

  it('shortens a long text body and survives an empty one', () => {
    expect(parseErrorBody('x'.repeat(1000)).message?.length).toBeLessThan(200);
    expect(parseErrorBody('').message).toBeUndefined();
  });
});

describe('parseErrorBody with a hostile server', () => {
  it('keeps about 500 characters of a message, on one line, with no workflow command or ANSI escape', () => {
    const body = parseErrorBody(JSON.stringify({ message: `::error::pwned\nline two \u001b[2J${'y'.repeat(200_000)}`, code: `c\n::warning::x${'z'.repeat(1000)}` }));
    expect(body.message).toMatch(/^: :error::pwned line two y+… \(199\d{3} more characters\)$/);
    expect(body.message!.length).toBeLessThan(MESSAGE_LENGTH + 40);
    expect(body.code).not.toMatch(/\n/);
    expect(body.code!.length).toBeLessThan(140);
  });

  it('reads a multi-megabyte page full of "<" at once, quoting its start (the whole of it took half an hour)', () => {
    const page = `<h1>Gateway down</h1>${'<'.repeat(4 * 1024 * 1024)}`;
    expect(parseErrorBody(page).message).toMatch(/^Gateway down </);
  });
});
