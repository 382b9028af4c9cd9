import { describe, expect, it } from 'vitest';
import { diagnosticsUserLabel, duplicateKey } from './admin-diagnostics.schemas';

describe('the duplicate rule of the detector', () => {
  it('ignores case, surrounding space and runs of inner space', () => {
    expect(duplicateKey('  Abbey   Road ')).toBe(duplicateKey('abbey road'));
    expect(duplicateKey('ABBEY\tROAD')).toBe('abbey road');
    expect(duplicateKey('Ça Plane Pour Moi')).toBe(duplicateKey('ÇA PLANE POUR MOI'));
  });

  it('keeps different words different', () => {
    expect(duplicateKey('Abbey Road')).not.toBe(duplicateKey('AbbeyRoad'));
    expect(duplicateKey('Let It Be')).not.toBe(duplicateKey('Let It Be...'));
  });
});

describe("the user select's label", () => {
  it("reads 'username (N albums)'", () => {
    expect(diagnosticsUserLabel({ id: 1, username: 'june', albumsCount: 12 })).toBe('june (12 albums)');
    expect(diagnosticsUserLabel({ id: 1, username: 'june', albumsCount: 0 })).toBe('june (0 albums)');
    expect(diagnosticsUserLabel({ id: 1, username: 'june', albumsCount: 1 })).toBe('june (1 album)');
  });
});
