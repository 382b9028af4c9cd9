import { describe, expect, it } from 'vitest';
import { albumPrefill } from './use-album-prefill';

describe('The album form’s prefill from its address', () => {
  it('takes title, artist, barcode, catalogue number and format as the record check sends them', () => {
    expect(albumPrefill('collection=Jazz&title=Discovery&artist=Daft+Punk&barcode=7243-8496-0650&catalogNumber=7243+8+49606+5+0&format=2LP')).toEqual({
      title: 'Discovery',
      artist: 'Daft Punk',
      barcode: '724384960650',
      catalogNumber: '7243 8 49606 5 0',
      format: '2LP',
    });
    expect(albumPrefill('collection=Jazz')).toEqual({});
  });

  it('drops what no form field could hold, and cuts text to the field’s length', () => {
    expect(albumPrefill(`format=Vinyl&barcode=12ab&title=${'x'.repeat(300)}&artist=%20%20`)).toEqual({ title: 'x'.repeat(200) });
  });
});
