import { useQuery } from '@tanstack/react-query';
import { Heart } from 'lucide-react';
import { useEffect, useId, useState, type RefObject } from 'react';
import { useWatch } from 'react-hook-form';
import type { Wish } from '../../../../common/wishlist.schemas';
import { Checkbox } from '../../../components/ui/checkbox';
import { Label } from '../../../components/ui/label';
import { getJson } from '../../../lib/api-client';
import { API } from '../../../lib/api-paths';
import { formatCents } from '../../../lib/number-format';
import type { AlbumFormApi } from '../album-form-values';
import { findWishMatch } from '../wish-match';

const PRIORITY_NAMES: Record<number, string> = { 1: 'Must have', 2: 'Want', 3: 'Maybe' };

/**
 * "On your wish list" under a new album's title and artist (docs/product/wishlist.md#on-the-album-form),
 * with "Remove it from my wish list" ticked. `wishToFulfilRef` holds the id the save sends as
 * fulfilsWishId: the matching wish while ticked, else null. A wish list that cannot be read shows
 * nothing and holds nothing up.
 */
export function WishMatchNotice({
  control,
  wishToFulfilRef,
}: {
  control: AlbumFormApi['control'];
  wishToFulfilRef: RefObject<number | null>;
}) {
  const [title, artist] = useWatch({ control, name: ['title', 'artist'] });
  const wishes = useQuery({ queryKey: [API.wishlist], queryFn: ({ signal }) => getJson<Wish[]>(API.wishlist, { signal }), retry: false });
  const match = findWishMatch(wishes.data, title, artist);
  // Unticking is about one wish: another match (the title typed on) starts ticked again.
  const [untickedId, setUntickedId] = useState<number | null>(null);
  const ticked = match !== null && untickedId !== match.id;
  const checkboxId = useId();

  useEffect(() => {
    wishToFulfilRef.current = match && ticked ? match.id : null;
  }, [match, ticked, wishToFulfilRef]);

  if (!match) return null;
  const facts = [
    PRIORITY_NAMES[match.priority] ?? PRIORITY_NAMES[2],
    match.maxPrice !== null && `up to ${formatCents(Math.round(match.maxPrice * 100))}`,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <div role="status" className="mt-5 rounded-xl border border-accent/40 bg-accent-soft px-4 py-3" data-testid="wish-match">
      <p className="flex items-center gap-2 text-sm font-semibold text-accent-strong">
        <Heart aria-hidden className="size-4 shrink-0" />
        On your wish list
      </p>
      <p className="mt-1 text-sm text-ink" data-testid="wish-match-facts">
        {facts}
      </p>
      <div className="mt-3 flex items-center gap-3">
        <Checkbox
          id={checkboxId}
          checked={ticked}
          onCheckedChange={(checked) => setUntickedId(checked === true ? null : match.id)}
        />
        <Label htmlFor={checkboxId} className="text-sm font-normal">
          Remove it from my wish list
        </Label>
      </div>
    </div>
  );
}
