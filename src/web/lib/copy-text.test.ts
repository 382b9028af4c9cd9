import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './copy-text';

function fakeField() {
  return { focus: vi.fn(), select: vi.fn() } as unknown as HTMLInputElement & { focus: ReturnType<typeof vi.fn>; select: ReturnType<typeof vi.fn> };
}

afterEach(() => vi.unstubAllGlobals());

describe('Copy in the share dialog', () => {
  it('uses the Clipboard API when there is one', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    await expect(copyText('https://spindle.example/shared/abc')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('https://spindle.example/shared/abc');
  });

  it('without the Clipboard API (plain http), selects the field and copies the selection', async () => {
    const execCommand = vi.fn().mockReturnValue(true);
    vi.stubGlobal('navigator', {});
    vi.stubGlobal('document', { execCommand });
    const field = fakeField();
    await expect(copyText('link', field)).resolves.toBe(true);
    expect(field.select).toHaveBeenCalled();
    expect(execCommand).toHaveBeenCalledWith('copy');
  });

  it('falls back when the Clipboard API refuses', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: vi.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError')) } });
    vi.stubGlobal('document', { execCommand: vi.fn().mockReturnValue(true) });
    await expect(copyText('link', fakeField())).resolves.toBe(true);
  });

  it('reports failure when nothing could copy, so the dialog can say so', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: vi.fn().mockRejectedValue(new Error('no')) } });
    vi.stubGlobal('document', { execCommand: vi.fn().mockReturnValue(false) });
    await expect(copyText('link', fakeField())).resolves.toBe(false);
    await expect(copyText('link')).resolves.toBe(false);
  });
});
