import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowseLinks } from './browse-links';
import { Button } from './button';
import { EmptyState } from './empty-state';

type SavedListScreenProps = {
  /** How many products the list holds. */
  count: number;
  /** What the screen says when the list is empty (it then offers the shop's sections). */
  empty: { title: string; text: string; icon: ReactNode };
  /** The "clear all" button's label, and what it does. */
  clearLabel: string;
  onClear: () => void;
  /** The list itself, below its count and "clear all". */
  children: ReactNode;
};

/**
 * The screen of a list of saved products (wishlist, compare; SPEC §4): the way back to the shop while it is
 * empty, else how many it holds, "clear all" and the list.
 */
export function SavedListScreen({ count, empty, clearLabel, onClear, children }: SavedListScreenProps) {
  const { t } = useTranslation('shop');
  if (count === 0) {
    return (
      <div className="container shop-page">
        <EmptyState title={empty.title} text={empty.text} icon={empty.icon}>
          <BrowseLinks />
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="container shop-page">
      <div className="shop-toolbar">
        <p className="shop-toolbar__count">{t('wishlist.count', { count })}</p>
        <Button variant="danger" size="sm" onClick={onClear}>
          {clearLabel}
        </Button>
      </div>
      {children}
    </div>
  );
}
