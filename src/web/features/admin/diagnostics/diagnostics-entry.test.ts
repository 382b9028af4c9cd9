import { describe, expect, it } from 'vitest';
import { diagnosticsEntry } from './diagnostics-entry';

describe('the /admin?userId=…&action=… entry (docs/product/admin.md#diagnostics)', () => {
  it('opens the panel the action names on that user', () => {
    expect(diagnosticsEntry('?userId=12&action=diagnose')).toEqual({ userId: 12, action: 'diagnose' });
    expect(diagnosticsEntry('?action=duplicates&userId=7')).toEqual({ userId: 7, action: 'duplicates' });
  });

  it('ignores an unknown action or an id that is not a positive whole number', () => {
    for (const search of [
      '',
      '?userId=12',
      '?action=diagnose',
      '?userId=12&action=delete',
      '?userId=abc&action=diagnose',
      '?userId=0&action=diagnose',
      '?userId=-4&action=diagnose',
      '?userId=1.5&action=diagnose',
      '?userId=99999999999&action=duplicates',
      '?userId=%201&action=diagnose',
    ]) {
      expect(diagnosticsEntry(search), search).toBeNull();
    }
  });
});
